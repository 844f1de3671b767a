import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '@northstar/server';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startTestServer();
});
afterEach(() => api.close());

async function surveys(query: Record<string, string>): Promise<JsonObject[]> {
  const res = await fetch(`${api.url}/v1/decide/surveys?${new URLSearchParams(query).toString()}`, { headers: { 'X-API-Key': api.demo.pk } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { surveys: JsonObject[] }).surveys;
}
const ids = async (query: Record<string, string>) => (await surveys(query)).map((survey) => survey.id);
const create = async (data: JsonObject) => (await api.storage.config.createDocument({ project_id: api.demo.project_id, kind: 'survey', key: null, data })).id;
const nps = (extra: JsonObject = {}): JsonObject => ({ name: 'NPS', type: 'nps', status: 'active', question: 'How likely are you to recommend us?', ...extra });
const track = (event: string, surveyId: number, person: JsonObject, num: Record<string, number> = {}) =>
  postJson(
    `${api.url}/v1/track`,
    { event_name: event, ...person, str_properties: { survey_id: String(surveyId) }, num_properties: num },
    { 'X-API-Key': api.demo.pk },
  );

describe('GET /v1/decide/surveys: the person asked once', () => {
  it('leaves out a survey whose first question alone was answered: a partial answer closes it too', async () => {
    const survey = await create(nps({ follow_ups: [{ type: 'open_ended', question: 'Why?' }] }));
    await track('$survey_sent', survey, { device_id: 'dev-1' }, { question_index: 0, response: 8 });
    expect(await ids({ device_id: 'dev-1' })).toEqual([]);
    expect(await ids({ device_id: 'dev-2' })).toEqual([survey]);
  });

  it('leaves out a show_once survey once shown, and keeps offering the others until answered or dismissed', async () => {
    const once = await create(nps({ conditions: { show_once: true } }));
    const untilAnswered = await create(nps());
    for (const survey of [once, untilAnswered]) await track('$survey_shown', survey, { device_id: 'dev-1' });
    expect(await ids({ device_id: 'dev-1' })).toEqual([untilAnswered]);
  });

  it('follows the person across devices: an answer given anonymously counts for the user the device is linked to', async () => {
    const survey = await create(nps());
    await track('$survey_sent', survey, { device_id: 'dev-1' }, { response: 10 });
    await postJson(`${api.url}/v1/identify`, { device_id: 'dev-1', user_id: 'user-1' }, { 'X-API-Key': api.demo.pk });
    expect(await ids({ device_id: 'dev-7', user_id: 'user-1' })).toEqual([]);
    expect(await ids({ device_id: 'dev-7', user_id: 'user-2' })).toEqual([survey]);
  });

  it('returns the display conditions the browser applies (delay, after an event)', async () => {
    await create(nps({ conditions: { delay_ms: 3000, after_event: 'purchase' } }));
    expect((await surveys({ device_id: 'dev-1' }))[0]).toMatchObject({ conditions: { delay_ms: 3000, after_event: 'purchase' } });
  });
});

describe('GET /v1/decide/surveys: translations', () => {
  const translated = () =>
    create({
      name: 'Plan',
      type: 'multiple_choice',
      status: 'active',
      question: 'Which plan?',
      choices: ['Free', 'Pro'],
      button_text: 'Send',
      default_locale: 'en',
      follow_ups: [{ type: 'open_ended', question: 'Why?' }],
      translations: {
        fr: { question: 'Quelle formule ?', choices: ['Gratuite', 'Pro'], follow_ups: [{ question: 'Pourquoi ?' }] },
        'pt-BR': { question: 'Qual plano?' },
      },
    });

  it("answers in the person's locale: the same tag, else its language, else another region of it", async () => {
    const id = await translated();
    const fr = (await surveys({ device_id: 'd', locale: 'fr-CA' }))[0]!;
    expect(fr).toEqual({
      id,
      name: 'Plan',
      type: 'multiple_choice',
      question: 'Quelle formule ?',
      choices: ['Gratuite', 'Pro'],
      button_text: 'Send',
      follow_ups: [{ type: 'open_ended', question: 'Pourquoi ?', max_length: 1000 }],
      locale: 'fr',
    });
    expect((await surveys({ device_id: 'd', locale: 'pt' }))[0]).toMatchObject({ question: 'Qual plano?', choices: ['Free', 'Pro'], locale: 'pt-BR' });
    expect((await surveys({ device_id: 'd', locale: 'PT-br' }))[0]).toMatchObject({ locale: 'pt-BR' });
  });

  it('falls back to the texts of the survey, reporting its default_locale, for another language or none', async () => {
    await translated();
    for (const query of [{ locale: 'de-DE' }, {}] as Record<string, string>[]) {
      const survey = (await surveys({ device_id: 'd', ...query }))[0]!;
      expect(survey).toMatchObject({ question: 'Which plan?', choices: ['Free', 'Pro'], locale: 'en' });
      expect(survey).not.toHaveProperty('translations');
      expect(survey).not.toHaveProperty('default_locale');
    }
  });
});
