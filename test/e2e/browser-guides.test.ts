import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { TrackedEvent } from '@northstar/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sentEvents, useCliAndChromium } from './harness/cli-and-chromium.js';
import { runCli } from './harness/cli-process.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { axeViolations, createGuide, focused, inGuide, routeGuidesPage } from './harness/guides-page.js';
import { pollUntil } from './harness/poll.js';
import type { DemoProject } from './harness/server.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');
const ARTIFACTS = fileURLToPath(new URL('./artifacts/guides/', import.meta.url));
const TIMEOUT = 60_000;

/** The `$guide_*` events of `sent`, as `<event> <guide_id> <properties...>` for the ones of `id`. */
const guideEvents = (sent: TrackedEvent[], id: number): TrackedEvent[] =>
  sent.filter((e) => e.event_name.startsWith('$guide_') && e.str_properties?.guide_id === String(id));

/** Waits until `sent` holds an event named `name` for guide `id`, and returns it. */
async function arrived(sent: TrackedEvent[], id: number, name: string): Promise<TrackedEvent> {
  const [event] = await pollUntil(
    () => Promise.resolve(guideEvents(sent, id).filter((e) => e.event_name === name)),
    (found) => found.length > 0,
  );
  return event as TrackedEvent;
}

describe.runIf(runs)('guides in Chromium against the built server', () => {
  const env = useCliAndChromium('northstar-guides-');
  /** A project of its own with a secret key that may write (the demo key only reads): guides are created through the API. */
  let project: DemoProject;
  beforeAll(async () => {
    const bootstrap = await runCli(['bootstrap', '--json'], { NORTHSTAR_DATA_DIR: env.dataDir });
    if (bootstrap.code !== 0) throw new Error(`bootstrap failed: ${bootstrap.stderr}`);
    project = { ...(JSON.parse(bootstrap.stdout) as Omit<DemoProject, 'url'>), url: env.server.demo.url };
  }, TIMEOUT);
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A fresh context (no stored state) on the guides pages, and the events its pages send. */
  async function open(path: string): Promise<{ page: Page; sent: TrackedEvent[] }> {
    context = await env.browser.newContext({ viewport: { width: 1000, height: 700 } });
    await routeGuidesPage(context, project);
    const sent = sentEvents(context);
    const page = await context.newPage();
    await page.goto(`${project.url}/e2e/guides/${path}`);
    return { page, sent };
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}${name}.png` });
  }

  async function expectAccessible(page: Page, name: string): Promise<void> {
    await screenshot(page, name);
    expect(await axeViolations(page)).toEqual([]);
  }

  it(
    'modal: a native dialog over a backdrop, focus inside and trapped, axe-clean; the mouse completes it',
    async () => {
      const id = await createGuide(project, 'modal-mouse', { type: 'modal', title: 'Welcome', body: 'Take a look around.', button_text: 'Start' });
      const { page, sent } = await open('modal-mouse');
      const dialog = inGuide(page, 'dialog[open]');
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-labelledby')).toBe('ns-title');
      expect(await focused(page)).toBe('guide:button Start');
      expect(await page.evaluate(() => document.querySelector('[data-northstar-overlay]')?.shadowRoot?.querySelector('dialog')?.matches(':modal'))).toBe(true);
      await expectAccessible(page, 'modal');
      const shown = await arrived(sent, id, '$guide_shown');
      expect(shown.str_properties).toMatchObject({ guide_id: String(id), guide_type: 'modal', guide_name: 'guide on modal-mouse' });
      await inGuide(page, 'button.ns-primary').click();
      await arrived(sent, id, '$guide_completed');
      await page.locator('[data-northstar-overlay]').waitFor({ state: 'detached' });
    },
    TIMEOUT,
  );

  it(
    'modal: with the keyboard alone Tab stays inside, Escape dismisses it and focus goes back',
    async () => {
      const id = await createGuide(project, 'modal-keys', { type: 'modal', title: 'Welcome', body: 'Take a look around.' });
      const { page, sent } = await open('modal-keys');
      await inGuide(page, 'dialog[open]').waitFor();
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await focused(page)).toMatch(/^guide:button/);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toMatch(/^guide:button/);
      await page.keyboard.press('Escape');
      const dismissed = await arrived(sent, id, '$guide_dismissed');
      expect(dismissed.str_properties?.reason).toBe('escape');
      await page.locator('[data-northstar-overlay]').waitFor({ state: 'detached' });
      expect(await focused(page)).not.toMatch(/^guide:/);
    },
    TIMEOUT,
  );

  it(
    'shows a guide whose text holds markup as that text, and runs nothing of it',
    async () => {
      const body = '<img src=x onerror="window.pwned=1"> and <script>window.pwned=2</script>';
      const title = '<b onmouseover="window.pwned=3">bold</b>';
      await createGuide(project, 'xss', { type: 'modal', title, body, button_text: '<i>ok</i>' });
      const { page } = await open('xss');
      await inGuide(page, 'dialog[open]').waitFor();
      expect(await inGuide(page, '#ns-body').textContent()).toBe(body);
      expect(await inGuide(page, '#ns-title').textContent()).toBe(title);
      const markup = await page.evaluate(() => document.querySelector('[data-northstar-overlay]')?.shadowRoot?.querySelectorAll('img, script, b, i, a').length);
      expect(markup).toBe(0);
      await inGuide(page, 'button.ns-primary').click();
      await page.locator('[data-northstar-overlay]').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    },
    TIMEOUT,
  );
});
