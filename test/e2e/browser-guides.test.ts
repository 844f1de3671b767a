import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { createGuide, focused, GUIDES_NONCE, inGuide } from './harness/guides-page.js';
import { arrived, boxes, GUIDES_TIMEOUT, tabUntil, useGuidesSuite } from './harness/guides-suite.js';
import { pollUntil } from './harness/poll.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');
const HOST = '[data-northstar-overlay]';

describe.runIf(runs)('guides in Chromium against the built server: modal, banner, slideout, safety, loading', () => {
  const suite = useGuidesSuite('northstar-guides-');

  it(
    'modal: a native dialog over a backdrop, focus on its action, axe-clean; the mouse completes it; the renderer is a chunk of its own',
    async () => {
      const id = await createGuide(suite.project, 'modal-mouse', { type: 'modal', title: 'Welcome', body: 'Take a look around.', button_text: 'Start' });
      const { page, sent } = await suite.open('modal-mouse');
      const dialog = inGuide(page, 'dialog[open]');
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-labelledby')).toBe('ns-title');
      expect(await focused(page)).toBe('guide:button Start');
      expect(await page.evaluate(() => document.querySelector('[data-northstar-overlay]')?.shadowRoot?.querySelector('dialog')?.matches(':modal'))).toBe(true);
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(scripts.some((url) => /\/lib\/browser\/guides-renderer-[\w-]+\.js$/.test(url))).toBe(true);
      await suite.expectAccessible(page, 'modal');
      const shown = await arrived(sent, id, '$guide_shown');
      expect(shown.str_properties).toMatchObject({ guide_id: String(id), guide_type: 'modal', guide_name: 'guide on modal-mouse' });
      await inGuide(page, 'button.ns-primary').click();
      await arrived(sent, id, '$guide_completed');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  it(
    'modal: with the keyboard alone Tab stays inside, Escape dismisses it, focus goes back, and decide no longer offers it',
    async () => {
      const id = await createGuide(suite.project, 'modal-keys', { type: 'modal', title: 'Welcome', body: 'Take a look around.' });
      const { page, sent } = await suite.open('modal-keys');
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
      await page.locator(HOST).waitFor({ state: 'detached' });
      expect(await focused(page)).not.toMatch(/^guide:/);

      // The dismissal is stored: decide leaves the guide out for this person, and the next page view shows nothing.
      const decide = `${suite.project.url}/v1/decide/guides?device_id=${dismissed.device_id}&url=${encodeURIComponent(page.url())}`;
      await pollUntil(
        async () => ((await (await fetch(decide, { headers: { 'X-API-Key': suite.project.pk } })).json()) as { guides: unknown[] }).guides,
        (guides) => guides.length === 0,
      );
      const answered = page.waitForResponse((response) => response.url().includes('/v1/decide/guides'));
      await page.reload();
      expect(await (await answered).json()).toEqual({ guides: [] });
      expect(await page.locator(HOST).count()).toBe(0);
    },
    GUIDES_TIMEOUT,
  );

  it(
    'banner: a named region fixed at the top; the mouse dismisses it with its close button',
    async () => {
      const id = await createGuide(suite.project, 'banner-mouse', { type: 'banner', title: 'New', body: 'Dark mode is here.', button_text: 'Try it' });
      const { page, sent } = await suite.open('banner-mouse');
      const banner = inGuide(page, '.ns-banner[role="region"]');
      await banner.waitFor();
      expect((await boxes(page, '.ns-banner')).panel.top).toBe(0);
      // The context prefers reduced motion: the entrance animation is off.
      expect(await inGuide(page, '.ns-banner').evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
      expect(await focused(page)).not.toMatch(/^guide:/);
      await suite.expectAccessible(page, 'banner');
      await inGuide(page, 'button[aria-label="Dismiss"]').click();
      expect((await arrived(sent, id, '$guide_dismissed')).str_properties?.reason).toBe('close');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  it(
    'banner: Tab reaches it after the page, Enter on its action completes it',
    async () => {
      const id = await createGuide(suite.project, 'banner-keys', { type: 'banner', position: 'bottom', body: 'Dark mode is here.', button_text: 'Try it' });
      const { page, sent } = await suite.open('banner-keys');
      await inGuide(page, '.ns-banner').waitFor();
      const box = await boxes(page, '.ns-banner');
      expect(Math.round(box.panel.bottom)).toBe(700);
      expect(await tabUntil(page, focused, /^guide:button Try it/)).toBe('guide:button Try it');
      await page.keyboard.press('Enter');
      await arrived(sent, id, '$guide_completed');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  it(
    'slideout: a full-height panel at the right that takes focus; the mouse dismisses it',
    async () => {
      const id = await createGuide(suite.project, 'slideout-mouse', { type: 'slideout', title: 'Tips', body: 'Shortcuts save time.', button_text: 'Show me' });
      const { page, sent } = await suite.open('slideout-mouse');
      await inGuide(page, '.ns-slideout[role="dialog"]').waitFor();
      const { panel } = await boxes(page, '.ns-slideout');
      expect([Math.round(panel.right), Math.round(panel.top), Math.round(panel.height)]).toEqual([1000, 0, 700]);
      expect(await focused(page)).toBe('guide:button Show me');
      await suite.expectAccessible(page, 'slideout');
      await inGuide(page, 'button.ns-close').click();
      expect((await arrived(sent, id, '$guide_dismissed')).str_properties?.reason).toBe('close');
    },
    GUIDES_TIMEOUT,
  );

  it(
    'slideout: with the keyboard, Enter on its action completes it (left side)',
    async () => {
      const id = await createGuide(suite.project, 'slideout-keys', { type: 'slideout', side: 'left', body: 'Shortcuts save time.', button_text: 'Show me' });
      const { page, sent } = await suite.open('slideout-keys');
      await inGuide(page, '.ns-slideout').waitFor();
      expect(Math.round((await boxes(page, '.ns-slideout')).panel.left)).toBe(0);
      expect(await focused(page)).toBe('guide:button Show me');
      await page.keyboard.press('Enter');
      await arrived(sent, id, '$guide_completed');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  it(
    'shows a guide whose text holds markup as that text, and runs nothing of it',
    async () => {
      const body = '<img src=x onerror="window.pwned=1"> and <script>window.pwned=2</script>';
      const title = '<b onmouseover="window.pwned=3">bold</b>';
      await createGuide(suite.project, 'xss', { type: 'modal', title, body, button_text: '<i>ok</i>' });
      const { page } = await suite.open('xss');
      await inGuide(page, 'dialog[open]').waitFor();
      expect(await inGuide(page, '#ns-body').textContent()).toBe(body);
      expect(await inGuide(page, '#ns-title').textContent()).toBe(title);
      expect(await inGuide(page, 'button.ns-primary').textContent()).toBe('<i>ok</i>');
      const markup = await page.evaluate(() => document.querySelector('[data-northstar-overlay]')?.shadowRoot?.querySelectorAll('img, script, b, i, a').length);
      expect(markup).toBe(0);
      await inGuide(page, 'button.ns-primary').click();
      await page.locator(HOST).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    },
    GUIDES_TIMEOUT,
  );

  it(
    'loads no renderer when decide has nothing to show',
    async () => {
      let answered: Promise<Response> | undefined;
      const { page } = await suite.open('nothing-here', (p) => {
        answered = p.waitForResponse((response) => response.url().includes('/v1/decide/guides'));
      });
      expect(await (await answered)?.json()).toEqual({ guides: [] });
      await page.waitForLoadState('networkidle');
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(scripts.filter((url) => url.includes('guides-renderer'))).toEqual([]);
    },
    GUIDES_TIMEOUT,
  );

  it(
    'the CDN script under a strict CSP (scripts and styles by nonce only) loads /sdk/guides.js and draws a styled guide',
    async () => {
      const id = await createGuide(suite.project, 'cdn/banner', { type: 'banner', body: 'From the CDN script.', button_text: 'OK' });
      const { page, sent, context } = await suite.open('cdn/banner');
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await inGuide(page, '.ns-banner').waitFor();
      const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
      expect(requested).toContain('/sdk/guides.js');
      // It ran under `script-src 'nonce-…'`: the loader gave its tag the nonce.
      expect(await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src$="/sdk/guides.js"]')?.nonce)).toBe(GUIDES_NONCE);
      // The styles apply (a fixed bar), so the constructed stylesheet was not blocked; the page's own unsafe inline script was.
      expect(await inGuide(page, '.ns-banner').evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      expect(await page.evaluate(() => (window as unknown as { unsafeRan?: boolean }).unsafeRan)).toBeUndefined();
      await inGuide(page, 'button.ns-primary').click();
      await arrived(sent, id, '$guide_completed');
      expect(violations.filter((text) => !text.includes('unsafeRan') && !/inline script/i.test(text))).toEqual([]);
      await context.close();
    },
    GUIDES_TIMEOUT,
  );
});
