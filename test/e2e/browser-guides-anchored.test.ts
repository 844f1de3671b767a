import { describe, expect, it } from 'vitest';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { createGuide, focused, inGuide } from './harness/guides-page.js';
import { arrived, boxes, GUIDES_TIMEOUT, tabUntil, useGuidesSuite } from './harness/guides-suite.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');
const HOST = '[data-northstar-overlay]';

const TOUR = {
  type: 'multi_step_tour',
  steps: [
    { title: 'One', body: 'The first step, in the middle.' },
    { title: 'Two', body: 'The second step, by the anchor.', selector: '#anchor' },
    { title: 'Three', body: 'The last step, on the next page.', selector: '#on-next-page' },
  ],
};

describe.runIf(runs)('guides in Chromium against the built server: tooltip, tour, checklist', () => {
  const suite = useGuidesSuite('northstar-guides-anchored-');

  it(
    'tooltip: waits for its element, sits below it, follows it on scroll, is announced, axe-clean; the mouse completes it',
    async () => {
      const id = await createGuide(suite.project, 'tooltip-mouse', { type: 'tooltip', selector: '#late', title: 'Late', body: 'This button came late.' });
      const { page, sent } = await suite.open('tooltip-mouse');
      await inGuide(page, '.ns-tooltip[role="dialog"]').waitFor();
      const below = async () => {
        const { panel, target } = await boxes(page, '.ns-tooltip', '#late');
        return Math.round(panel.top - (target?.bottom ?? 0));
      };
      await expect.poll(below, { timeout: 10_000 }).toBe(10);
      // A scroll small enough that the panel stays below its element (further up it would be kept in the viewport).
      await page.evaluate(() => scrollTo(0, 12));
      expect(await page.evaluate(() => scrollY)).toBe(12);
      await expect.poll(below, { timeout: 10_000 }).toBe(10);
      await expect.poll(() => inGuide(page, '[role="status"]').textContent(), { timeout: 10_000 }).toBe('Late. This button came late.');
      await suite.expectAccessible(page, 'tooltip');
      await inGuide(page, 'button.ns-primary').click();
      expect((await arrived(sent, id, '$guide_completed')).str_properties?.guide_type).toBe('tooltip');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  it(
    'tooltip: takes focus when it shows, Escape dismisses it',
    async () => {
      const id = await createGuide(suite.project, 'tooltip-keys', { type: 'tooltip', selector: '#first', placement: 'right', body: 'Start here.' });
      const { page, sent } = await suite.open('tooltip-keys');
      await inGuide(page, '.ns-tooltip').waitFor();
      // `#late` comes in above `#first` after a moment: the tooltip follows the layout, so its place is polled.
      const right = async () => {
        const { panel, target } = await boxes(page, '.ns-tooltip', '#first');
        return [Math.round(panel.left - (target?.right ?? 0)), Math.round(panel.top + panel.height / 2 - ((target?.top ?? 0) + (target?.height ?? 0) / 2))];
      };
      await expect.poll(right, { timeout: 10_000 }).toEqual([10, 0]);
      expect(await focused(page)).toBe('guide:button Got it');
      await page.keyboard.press('Escape');
      expect((await arrived(sent, id, '$guide_dismissed')).str_properties?.reason).toBe('escape');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  it(
    'tooltip: reports an element that never comes, and shows nothing',
    async () => {
      const id = await createGuide(suite.project, 'tooltip-missing', { type: 'tooltip', selector: '#nowhere', body: 'Nobody sees this.' });
      const { page, sent } = await suite.open('tooltip-missing');
      const missing = await arrived(sent, id, '$guide_element_missing');
      expect(missing.str_properties?.selector).toBe('#nowhere');
      expect(await page.locator(HOST).count()).toBe(0);
      expect(sent.filter((e) => e.event_name === '$guide_shown')).toEqual([]);
    },
    GUIDES_TIMEOUT,
  );

  it(
    'tour: with the mouse, Next through its steps, then it resumes on the next page where its last step is, and Done completes it',
    async () => {
      const id = await createGuide(suite.project, 'tour-mouse', TOUR);
      const { page, sent } = await suite.open('tour-mouse');
      await inGuide(page, '.ns-tour .ns-progress').filter({ hasText: 'Step 1 of 3' }).waitFor();
      await inGuide(page, 'button.ns-primary').click();
      await inGuide(page, '.ns-tour .ns-progress').filter({ hasText: 'Step 2 of 3' }).waitFor();
      const below = async () => {
        const { panel, target } = await boxes(page, '.ns-tour', '#anchor');
        return Math.round(panel.top - (target?.bottom ?? 0));
      };
      await expect.poll(below, { timeout: 10_000 }).toBe(10);
      await expect.poll(() => inGuide(page, '[role="status"]').textContent(), { timeout: 10_000 }).toBe('Step 2 of 3. Two. The second step, by the anchor.');
      await suite.expectAccessible(page, 'tour');
      await inGuide(page, 'button.ns-primary').click();
      await inGuide(page, '.ns-tour').waitFor({ state: 'hidden' });
      await arrived(sent, id, '$guide_shown', 2);

      await page.goto(`${suite.project.url}/e2e/guides/tour-mouse/next-page`);
      await inGuide(page, '.ns-tour .ns-progress').filter({ hasText: 'Step 3 of 3' }).waitFor();
      await inGuide(page, 'button.ns-primary').filter({ hasText: 'Done' }).click();
      const completed = await arrived(sent, id, '$guide_completed');
      expect(completed.num_properties).toMatchObject({ step: 3, steps: 3 });
      const steps = sent.filter((e) => e.event_name === '$guide_shown' && e.str_properties?.guide_id === String(id)).map((e) => e.num_properties?.step);
      expect(steps).toEqual([1, 2, 3]);
    },
    GUIDES_TIMEOUT,
  );

  it(
    'tour: with the keyboard alone, Enter goes on, Back goes back, Escape dismisses at the step it is on',
    async () => {
      const id = await createGuide(suite.project, 'tour-keys', TOUR);
      const { page, sent } = await suite.open('tour-keys');
      await inGuide(page, '.ns-tour .ns-progress').filter({ hasText: 'Step 1 of 3' }).waitFor();
      expect(await focused(page)).toBe('guide:button Next');
      await page.keyboard.press('Enter');
      await inGuide(page, '.ns-tour .ns-progress').filter({ hasText: 'Step 2 of 3' }).waitFor();
      expect(await focused(page)).toBe('guide:button Next');
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('guide:button Back');
      await page.keyboard.press('Enter');
      await inGuide(page, '.ns-tour .ns-progress').filter({ hasText: 'Step 1 of 3' }).waitFor();
      await page.keyboard.press('Enter');
      await inGuide(page, '.ns-tour .ns-progress').filter({ hasText: 'Step 2 of 3' }).waitFor();
      await page.keyboard.press('Escape');
      const dismissed = await arrived(sent, id, '$guide_dismissed');
      expect(dismissed.str_properties?.reason).toBe('escape');
      expect(dismissed.num_properties).toMatchObject({ step: 2, steps: 3 });
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  const CHECKLIST = {
    type: 'checklist',
    title: 'Get started',
    items: [
      { key: 'profile', title: 'Fill in your profile' },
      { key: 'app', title: 'Connect an app', description: 'Done when an app is connected.', event: 'app_connected' },
    ],
  };

  it(
    'checklist: floating at the bottom right; a tick and a tracked event complete it',
    async () => {
      const id = await createGuide(suite.project, 'checklist-mouse', CHECKLIST);
      const { page, sent } = await suite.open('checklist-mouse');
      await inGuide(page, '.ns-checklist[role="region"]').waitFor();
      const { panel } = await boxes(page, '.ns-checklist');
      expect([Math.round(1000 - panel.right), Math.round(700 - panel.bottom)]).toEqual([16, 16]);
      await suite.expectAccessible(page, 'checklist');
      await inGuide(page, 'label[for="ns-item-profile"]').click();
      await inGuide(page, '.ns-count').filter({ hasText: '1 of 2 done' }).waitFor();
      await page.evaluate(() => (window as unknown as { client: { track(name: string): void } }).client.track('app_connected'));
      const completed = await arrived(sent, id, '$guide_completed');
      expect(completed.num_properties?.items_done).toBe(2);
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    GUIDES_TIMEOUT,
  );

  it(
    'checklist: with the keyboard, Space ticks an item, Escape collapses the list, its close button dismisses it',
    async () => {
      const id = await createGuide(suite.project, 'checklist-keys', CHECKLIST);
      const { page, sent } = await suite.open('checklist-keys');
      await inGuide(page, '.ns-checklist').waitFor();
      expect(await tabUntil(page, focused, /^guide:input#ns-item-profile/, 20)).toBe('guide:input#ns-item-profile');
      await page.keyboard.press('Space');
      await inGuide(page, '.ns-count').filter({ hasText: '1 of 2 done' }).waitFor();
      expect(await focused(page)).toMatch(/^guide:button Get started/);
      await page.keyboard.press('Escape');
      await inGuide(page, '.ns-items').waitFor({ state: 'hidden' });
      expect(await inGuide(page, '.ns-toggle').getAttribute('aria-expanded')).toBe('false');
      expect(await focused(page)).toMatch(/^guide:button Get started/);
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('guide:button ×');
      await page.keyboard.press('Enter');
      const dismissed = await arrived(sent, id, '$guide_dismissed');
      expect(dismissed.num_properties?.items_done).toBe(1);
    },
    GUIDES_TIMEOUT,
  );
});
