import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { TrackedEvent } from '@northstar/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sentEvents, useCliAndChromium } from './harness/cli-and-chromium.js';
import { runCli } from './harness/cli-process.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { axeViolations, routeGuidesPage } from './harness/guides-page.js';
import { pollUntil } from './harness/poll.js';
import type { DemoProject } from './harness/server.js';
import { arrived, createSurvey, decidedSurveys, focused, inSurvey, routeSurveysPage, surveyEvents } from './harness/surveys-page.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');
const ARTIFACTS = fileURLToPath(new URL('./artifacts/surveys/', import.meta.url));
const TIMEOUT = 60_000;
const HOST = '[data-northstar-overlay^="survey:"]';

describe.runIf(runs)('surveys in Chromium against the built server', () => {
  const env = useCliAndChromium('northstar-surveys-');
  /** A project of its own with a secret key that may write: surveys are created through the API. */
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

  /** A fresh context (no stored state, browser language `locale`) on a surveys page, and the events it sends. */
  async function open(path: string, locale = 'en-US'): Promise<{ page: Page; sent: TrackedEvent[] }> {
    context = await env.browser.newContext({ viewport: { width: 1000, height: 700 }, locale });
    await routeSurveysPage(context, project);
    const sent = sentEvents(context);
    const page = await context.newPage();
    await page.goto(`${project.url}/e2e/surveys/${path}`);
    return { page, sent };
  }

  /** A screenshot kept under test/e2e/artifacts/surveys/, then axe over the page with the survey open: no serious or critical violation. */
  async function expectAccessible(page: Page, name: string): Promise<void> {
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}${name}.png` });
    expect(await axeViolations(page)).toEqual([]);
  }

  it(
    'nps with the mouse: a radio group of 0–10, then the follow-up; each answer sent as it is given; not asked again',
    async () => {
      const id = await createSurvey(project, 'nps-mouse', {
        type: 'nps',
        question: 'How likely are you to recommend us?',
        low_label: 'Not likely',
        high_label: 'Very likely',
        follow_ups: [{ type: 'open_ended', question: 'What is the main reason?' }],
        thank_you_text: 'Thanks a lot!',
      });
      const { page, sent } = await open('nps-mouse');
      await inSurvey(page, 'fieldset').waitFor();
      expect(await inSurvey(page, '[role="dialog"]').getAttribute('aria-label')).toBe('survey on nps-mouse');
      expect(await inSurvey(page, 'legend').textContent()).toBe('How likely are you to recommend us?');
      expect(await inSurvey(page, 'input[type="radio"]').count()).toBe(11);
      await expectAccessible(page, 'nps');
      const [shown] = await arrived(sent, id, '$survey_shown');
      expect(shown?.str_properties).toMatchObject({ survey_id: String(id), survey_type: 'nps', survey_name: 'survey on nps-mouse' });

      await inSurvey(page, 'label.ns-score:has(input[value="9"])').click();
      await inSurvey(page, 'button[type="submit"]').click();
      await inSurvey(page, 'textarea').fill('Fast and simple');
      await expectAccessible(page, 'nps-follow-up');
      await inSurvey(page, 'button[type="submit"]').click();
      await inSurvey(page, '.ns-thanks').waitFor();
      expect(await inSurvey(page, '.ns-thanks').textContent()).toBe('Thanks a lot!');
      const answers = await arrived(sent, id, '$survey_sent', 2);
      expect(answers.map((e) => [e.num_properties?.question_index, e.num_properties?.response ?? e.str_properties?.response])).toEqual([
        [0, 9],
        [1, 'Fast and simple'],
      ]);
      await inSurvey(page, 'button.ns-primary').click();
      await page.locator(HOST).waitFor({ state: 'detached' });
      expect(surveyEvents(sent, id).filter((e) => e.event_name === '$survey_dismissed')).toEqual([]);
      // the server keeps the answer: decide no longer asks this person
      await pollUntil(
        () => decidedSurveys(project, shown!.device_id!, 'nps-mouse'),
        (ids) => !ids.includes(id),
      );
    },
    TIMEOUT,
  );

  it(
    'nps with the keyboard alone: focus starts on the scale, arrow keys choose, Enter sends, focus goes back after',
    async () => {
      const id = await createSurvey(project, 'nps-keys', { type: 'nps', question: 'Recommend us?' });
      const { page, sent } = await open('nps-keys');
      await inSurvey(page, 'fieldset').waitFor();
      expect(await focused(page)).toBe('survey:input 0');
      for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
      expect(await focused(page)).toBe('survey:input 7');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('survey:button Send');
      await page.keyboard.press('Enter');
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.num_properties).toMatchObject({ question_index: 0, response: 7 });
      await inSurvey(page, '.ns-thanks').waitFor();
      expect(await focused(page)).toBe('survey:button Close');
      await page.keyboard.press('Enter');
      await page.locator(HOST).waitFor({ state: 'detached' });
      expect(await focused(page)).not.toMatch(/^survey:/);
    },
    TIMEOUT,
  );

  it(
    'csat with the mouse: five stars, the chosen ones filled',
    async () => {
      const id = await createSurvey(project, 'csat-mouse', { type: 'csat', question: 'How satisfied are you?', button_text: 'Rate' });
      const { page, sent } = await open('csat-mouse');
      await inSurvey(page, '.ns-stars').waitFor();
      await inSurvey(page, 'label.ns-star-option:has(input[value="4"])').click();
      expect(await inSurvey(page, '.ns-star.ns-on').count()).toBe(4);
      await expectAccessible(page, 'csat');
      await inSurvey(page, 'button[type="submit"]').click();
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.num_properties).toMatchObject({ question_index: 0, response: 4 });
    },
    TIMEOUT,
  );

  it(
    'csat with the keyboard alone: the stars are a radio group named "n stars of 5"; a send without an answer asks for one',
    async () => {
      const id = await createSurvey(project, 'csat-keys', { type: 'csat', question: 'How satisfied are you?' });
      const { page, sent } = await open('csat-keys');
      await inSurvey(page, '.ns-stars').waitFor();
      expect(await focused(page)).toBe('survey:input 1 star of 5');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await inSurvey(page, '.ns-error:not([hidden])').waitFor();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await focused(page)).toBe('survey:input 3 stars of 5');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.num_properties).toMatchObject({ response: 3 });
    },
    TIMEOUT,
  );

  it(
    "multiple choice in the browser's language, with the mouse: the translated choices, the choice's index sent",
    async () => {
      const id = await createSurvey(project, 'choice-mouse', {
        type: 'multiple_choice',
        question: 'What matters most?',
        choices: ['Price', 'Speed', 'Support'],
        translations: { fr: { question: 'Qu’est-ce qui compte le plus ?', choices: ['Prix', 'Vitesse', 'Assistance'], button_text: 'Envoyer' } },
      });
      const { page, sent } = await open('choice-mouse', 'fr-FR');
      await inSurvey(page, 'fieldset').waitFor();
      expect(await inSurvey(page, 'legend').textContent()).toBe('Qu’est-ce qui compte le plus ?');
      expect(await inSurvey(page, 'label.ns-choice').allTextContents()).toEqual(['Prix', 'Vitesse', 'Assistance']);
      await expectAccessible(page, 'multiple-choice');
      await inSurvey(page, 'label.ns-choice:has-text("Vitesse")').click();
      await inSurvey(page, 'button[type="submit"]').click();
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.str_properties).toMatchObject({ response: 'Vitesse', locale: 'fr' });
      expect(answer?.num_properties).toMatchObject({ question_index: 0, choice_index: 1 });
    },
    TIMEOUT,
  );

  it(
    'multiple choice with the keyboard alone; Escape on the next question dismisses it and keeps the first answer',
    async () => {
      const id = await createSurvey(project, 'choice-keys', {
        type: 'multiple_choice',
        question: 'Which plan?',
        choices: ['Free', 'Pro'],
        follow_ups: [{ type: 'csat', question: 'How happy are you with it?' }],
      });
      const { page, sent } = await open('choice-keys');
      await inSurvey(page, 'fieldset').waitFor();
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toBe('survey:input');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('survey:button Next');
      await page.keyboard.press('Enter');
      await inSurvey(page, '.ns-stars').waitFor();
      expect(await inSurvey(page, '.ns-progress').textContent()).toBe('2 of 2');
      await page.keyboard.press('Escape');
      const [dismissed] = await arrived(sent, id, '$survey_dismissed');
      expect(dismissed?.str_properties).toMatchObject({ reason: 'escape' });
      expect(dismissed?.num_properties).toMatchObject({ question_index: 1 });
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.str_properties?.response).toBe('Pro');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    TIMEOUT,
  );

  it(
    'open-ended with the keyboard alone: a labelled text box that holds at most max_length characters',
    async () => {
      const id = await createSurvey(project, 'open-keys', { type: 'open_ended', question: 'Anything else?', max_length: 10 });
      const { page, sent } = await open('open-keys');
      await inSurvey(page, 'textarea').waitFor();
      expect(await focused(page)).toBe('survey:textarea');
      await page.keyboard.type('0123456789 and more');
      expect(await inSurvey(page, 'textarea').inputValue()).toBe('0123456789');
      expect(await inSurvey(page, '.ns-count').textContent()).toBe('10 / 10');
      await expectAccessible(page, 'open-ended');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.str_properties?.response).toBe('0123456789');
    },
    TIMEOUT,
  );

  it(
    'open-ended with the mouse: typed text sent; the close button of another dismisses it',
    async () => {
      const id = await createSurvey(project, 'text-mouse', { type: 'open_ended', question: 'Tell us more', follow_ups: [{ type: 'nps', question: 'Score?' }] });
      const { page, sent } = await open('text-mouse');
      await inSurvey(page, 'textarea').click();
      await page.keyboard.type('Dark mode');
      await inSurvey(page, 'button[type="submit"]').click();
      await inSurvey(page, '.ns-scale').waitFor();
      await inSurvey(page, 'button.ns-close').click();
      const [dismissed] = await arrived(sent, id, '$survey_dismissed');
      expect(dismissed?.str_properties?.reason).toBe('close');
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.str_properties?.response).toBe('Dark mode');
      await page.locator(HOST).waitFor({ state: 'detached' });
    },
    TIMEOUT,
  );

  it(
    'waits for its event and its delay: shown only after the page tracks `after_event`',
    async () => {
      const id = await createSurvey(project, 'after-event', { type: 'nps', question: 'Now?', conditions: { after_event: 'purchase', delay_ms: 300 } });
      const { page, sent } = await open('after-event');
      await page.waitForFunction(() => Boolean((window as unknown as { client?: unknown }).client));
      // the survey waits for `purchase`: track it until the survey shows (the renderer may still be loading)
      await pollUntil(
        async () => {
          await page.evaluate(() => (window as unknown as { client: { track(name: string): void } }).client.track('purchase'));
          return page.locator(HOST).count();
        },
        (count) => count > 0,
      );
      await arrived(sent, id, '$survey_shown');
      const purchases = sent.filter((e) => e.event_name === 'purchase');
      expect(purchases.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'from the CDN script under a strict CSP (scripts and styles by nonce only): the surveys chunk loads beside the script and the survey works',
    async () => {
      const id = await createSurvey(project, 'cdn', {
        type: 'csat',
        question: 'Happy with the CDN?',
        targeting: { url: { op: 'contains', value: '/e2e/guides/cdn/survey-cdn' } },
      });
      context = await env.browser.newContext({ viewport: { width: 1000, height: 700 } });
      await routeGuidesPage(context, project);
      const sent = sentEvents(context);
      const chunks: string[] = [];
      context.on('request', (request) => {
        if (request.url().endsWith('/sdk/surveys.js')) chunks.push(request.url());
      });
      const page = await context.newPage();
      await page.goto(`${project.url}/e2e/guides/cdn/survey-cdn`);
      await inSurvey(page, '.ns-stars').waitFor();
      expect(chunks).toEqual([`${project.url}/sdk/surveys.js`]);
      // the styles apply (a constructed stylesheet needs no style-src nonce): the panel is fixed at the bottom right
      expect(await inSurvey(page, '.ns-survey').evaluate((panel) => getComputedStyle(panel).position)).toBe('fixed');
      await inSurvey(page, 'label.ns-star-option:has(input[value="5"])').click();
      await inSurvey(page, 'button[type="submit"]').click();
      const [answer] = await arrived(sent, id, '$survey_sent');
      expect(answer?.num_properties).toMatchObject({ response: 5 });
    },
    TIMEOUT,
  );

  it(
    'shows a question holding markup as that text, and runs nothing of it',
    async () => {
      const question = '<img src=x onerror="window.pwned=1"> <script>window.pwned=2</script>';
      await createSurvey(project, 'xss', { type: 'multiple_choice', question, choices: ['<b onmouseover="window.pwned=3">bold</b>', '<i>x</i>'] });
      const { page } = await open('xss');
      await inSurvey(page, 'legend').waitFor();
      expect(await inSurvey(page, 'legend').textContent()).toBe(question);
      expect(await inSurvey(page, 'label.ns-choice').first().textContent()).toBe('<b onmouseover="window.pwned=3">bold</b>');
      const markup = await page.evaluate(() => document.querySelector('[data-northstar-overlay]')?.shadowRoot?.querySelectorAll('img, script, b, i').length);
      expect(markup).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    },
    TIMEOUT,
  );
});
