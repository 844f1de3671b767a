import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { TrackedEvent } from '@northstar/core';
import { afterEach, beforeAll, expect } from 'vitest';
import { sentEvents, useCliAndChromium } from './cli-and-chromium.js';
import { runCli } from './cli-process.js';
import { axeViolations, routeGuidesPage } from './guides-page.js';
import { pollUntil } from './poll.js';
import type { DemoProject } from './server.js';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/guides/', import.meta.url));
export const GUIDES_TIMEOUT = 60_000;

export interface GuidesSuite {
  /** A project of its own whose secret key may write (the demo key only reads): guides are created through the API. */
  readonly project: DemoProject;
  /**
   * A fresh context (nothing stored) on the guides pages, its page at `path`, and the events its pages send;
   * `prepare` runs on the page before it navigates (to wait for a response of the first load).
   */
  open(path: string, prepare?: (page: Page) => void): Promise<{ page: Page; sent: TrackedEvent[]; context: BrowserContext }>;
  /** A screenshot under test/e2e/artifacts/guides/ (gitignored), then the axe scan: no serious or critical violation. */
  expectAccessible(page: Page, name: string): Promise<void>;
}

/** The built server on its own SQLite file, Chromium, and a project with a writing key, for a suite of guide tests. */
export function useGuidesSuite(prefix: string): GuidesSuite {
  const env = useCliAndChromium(prefix);
  let project: DemoProject | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    const bootstrap = await runCli(['bootstrap', '--json'], { NORTHSTAR_DATA_DIR: env.dataDir });
    if (bootstrap.code !== 0) throw new Error(`bootstrap failed: ${bootstrap.stderr}`);
    project = { ...(JSON.parse(bootstrap.stdout) as Omit<DemoProject, 'url'>), url: env.server.demo.url };
  }, GUIDES_TIMEOUT);
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  const suite: GuidesSuite = {
    get project() {
      if (!project) throw new Error('the project is bootstrapped in beforeAll');
      return project;
    },
    async open(path, prepare) {
      // Reduced motion: no entrance animation, so positions are final from the first frame (and the preference is honoured).
      context = await env.browser.newContext({ viewport: { width: 1000, height: 700 }, reducedMotion: 'reduce' });
      await routeGuidesPage(context, suite.project);
      const sent = sentEvents(context);
      const page = await context.newPage();
      prepare?.(page);
      await page.goto(`${suite.project.url}/e2e/guides/${path}`);
      return { page, sent, context };
    },
    async expectAccessible(page, name) {
      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}${name}.png` });
      expect(await axeViolations(page)).toEqual([]);
    },
  };
  return suite;
}

/** Waits until `sent` holds an event named `name` for guide `id` (the `n`th one, from 1), and returns it. */
export async function arrived(sent: TrackedEvent[], id: number, name: string, n = 1): Promise<TrackedEvent> {
  const found = await pollUntil(
    () => Promise.resolve(sent.filter((e) => e.event_name === name && e.str_properties?.guide_id === String(id))),
    (events) => events.length >= n,
  );
  return found[n - 1] as TrackedEvent;
}

/** Presses Tab until `focused()` matches `target` (at most `max` times); the last focus description. */
export async function tabUntil(page: Page, focused: (page: Page) => Promise<string>, target: RegExp, max = 12): Promise<string> {
  let now = await focused(page);
  for (let i = 0; i < max && !target.test(now); i++) {
    await page.keyboard.press('Tab');
    now = await focused(page);
  }
  return now;
}

/** The bounding box of the guide's element matching `selector` and of the page's element matching `target`. */
export function boxes(page: Page, selector: string, target?: string): Promise<{ panel: DOMRect; target?: DOMRect }> {
  return page.evaluate(
    ([inGuide, onPage]) => {
      const panel = document.querySelector('[data-northstar-overlay]')?.shadowRoot?.querySelector(inGuide ?? '');
      return {
        panel: panel?.getBoundingClientRect().toJSON() as DOMRect,
        target: onPage ? (document.querySelector(onPage)?.getBoundingClientRect().toJSON() as DOMRect) : undefined,
      };
    },
    [selector, target],
  );
}
