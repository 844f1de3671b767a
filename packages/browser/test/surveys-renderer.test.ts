// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { surveysRenderer } from '../src/plugins/surveys/surveys-renderer.js';
import type { Survey } from '../src/plugins/surveys/survey-types.js';
import { delivered, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => document.body.replaceChildren());

const root = () => document.querySelector('[data-northstar-overlay^="survey:"]')?.shadowRoot;
const pick = (selector: string) => root()?.querySelector<HTMLInputElement>(selector);
const submit = () =>
  root()
    ?.querySelector('form')
    ?.dispatchEvent(new Event('submit', { cancelable: true }));
const surveyEvents = () => delivered().filter((e) => e.event_name.startsWith('$survey_'));
/** The numeric properties the survey set (the page context's `$…` ones left out). */
const own = (properties: Record<string, number> | undefined) => Object.fromEntries(Object.entries(properties ?? {}).filter(([key]) => !key.startsWith('$')));

const survey = (extra: Partial<Survey> = {}): Survey => ({ id: 3, type: 'nps', name: 'NPS', question: 'Recommend us?', locale: 'fr', ...extra });

describe('the surveys renderer', () => {
  it('sends $survey_shown, then one $survey_sent per question with its index, its answer and the locale', async () => {
    const client = startClient({ overlayInterval: 0 });
    surveysRenderer.mount(client, [
      survey({
        follow_ups: [
          { type: 'multiple_choice', question: 'Why?', choices: ['Price', 'Speed'] },
          { type: 'open_ended', question: 'More?', max_length: 5 },
        ],
      }),
    ]);
    expect(root()?.querySelector('legend')?.textContent).toBe('Recommend us?');
    pick('input[value="8"]')!.checked = true;
    submit();
    pick('input[value="1"]')!.checked = true;
    submit();
    const text = root()?.querySelector('textarea');
    expect(text?.getAttribute('maxlength')).toBe('5');
    text!.value = 'Great';
    submit();
    expect(root()?.querySelector('.ns-thanks')?.textContent).toBe('Thank you!');
    await client.flush();
    expect(surveyEvents().map((e) => [e.event_name, own(e.num_properties), e.str_properties?.response ?? null])).toEqual([
      ['$survey_shown', {}, null],
      ['$survey_sent', { question_index: 0, response: 8 }, null],
      ['$survey_sent', { question_index: 1, choice_index: 1 }, 'Speed'],
      ['$survey_sent', { question_index: 2 }, 'Great'],
    ]);
    expect(surveyEvents()[0]?.str_properties).toMatchObject({ survey_id: '3', survey_type: 'nps', survey_name: 'NPS', locale: 'fr' });
  });

  it('sends nothing for a send without an answer, and $survey_dismissed with the question on screen when closed', async () => {
    const client = startClient({ overlayInterval: 0 });
    surveysRenderer.mount(client, [survey({ type: 'csat', follow_ups: [{ type: 'nps', question: 'Score?' }] })]);
    submit();
    expect(root()?.querySelector('.ns-error')?.hasAttribute('hidden')).toBe(false);
    pick('input[value="5"]')!.checked = true;
    submit();
    root()?.querySelector<HTMLButtonElement>('.ns-close')?.click();
    expect(root()).toBeUndefined();
    await client.flush();
    expect(surveyEvents().map((e) => [e.event_name, own(e.num_properties)])).toEqual([
      ['$survey_shown', {}],
      ['$survey_sent', { question_index: 0, response: 5 }],
      ['$survey_dismissed', { question_index: 1 }],
    ]);
  });

  it('waits for its after_event before showing, and shows one survey at a time', () => {
    const client = startClient({ overlayInterval: 0 });
    const unmount = surveysRenderer.mount(client, [survey({ id: 1, conditions: { after_event: 'purchase' } }), survey({ id: 2 })]);
    expect(document.querySelectorAll('[data-northstar-overlay]')).toHaveLength(1);
    expect(document.querySelector('[data-northstar-overlay]')?.getAttribute('data-northstar-overlay')).toBe('survey:2');
    root()?.querySelector<HTMLButtonElement>('.ns-close')?.click();
    expect(document.querySelector('[data-northstar-overlay]')).toBeNull();
    client.track('purchase');
    expect(document.querySelector('[data-northstar-overlay]')?.getAttribute('data-northstar-overlay')).toBe('survey:1');
    unmount();
    expect(document.querySelector('[data-northstar-overlay]')).toBeNull();
  });
});
