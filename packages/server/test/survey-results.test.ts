import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '@northstar/server';
import { call, startResourceServer } from './support/document-crud.js';
import { postJson } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startResourceServer();
});
afterEach(() => api.close());

const base = () => `/v1/projects/${api.demo.project_id}/surveys`;
const track = (batch: JsonObject[]) => postJson(`${api.url}/v1/track`, { batch }, { 'X-API-Key': api.demo.pk });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A `$survey_sent` of `survey` by `device`, answering `question` (0 when left out). */
const sent = (
  survey: number,
  device: string,
  answer: { question?: number; score?: number; choice?: number; text?: string; locale?: string; at?: number },
): JsonObject => ({
  event_name: '$survey_sent',
  device_id: device,
  timestamp: minutesAgo(answer.at ?? 10),
  str_properties: {
    survey_id: String(survey),
    ...(answer.text !== undefined && { response: answer.text }),
    ...(answer.locale !== undefined && { locale: answer.locale }),
  },
  num_properties: {
    question_index: answer.question ?? 0,
    ...(answer.score !== undefined && { response: answer.score }),
    ...(answer.choice !== undefined && { choice_index: answer.choice }),
  },
});
const seen = (event: 'shown' | 'dismissed', survey: number, device: string): JsonObject => ({
  event_name: `$survey_${event}`,
  device_id: device,
  str_properties: { survey_id: String(survey) },
});

describe('GET /surveys/:id/results', () => {
  it('scores an NPS survey with its follow-ups, each person counted once with their newest answer, every locale together', async () => {
    const survey = await call(api, 'POST', base(), {
      name: 'NPS',
      type: 'nps',
      question: 'How likely are you to recommend us?',
      follow_ups: [
        { type: 'multiple_choice', question: 'What matters most?', choices: ['Price', 'Speed', 'Support'] },
        { type: 'csat', question: 'How happy are you with support?' },
        { type: 'open_ended', question: 'Anything else?' },
      ],
      translations: { fr: { question: 'Nous recommanderiez-vous ?', follow_ups: [{ choices: ['Prix', 'Vitesse', 'Support'] }] } },
    });
    expect(survey.status, JSON.stringify(survey.body)).toBe(201);
    const id = survey.body.id;
    const scores = [10, 10, 9, 9, 9, 8, 7, 6, 3, 0];
    expect(
      (
        await track([
          ...scores.map((score, i) => sent(id, `d${i}`, { score, locale: i % 2 ? 'fr' : 'en' })),
          // d0 first said 2: only its newest answer (10) counts
          sent(id, 'd0', { score: 2, at: 30 }),
          sent(id, 'd0', { question: 1, choice: 0, text: 'Price' }),
          sent(id, 'd1', { question: 1, choice: 0, text: 'Prix', locale: 'fr' }),
          sent(id, 'd2', { question: 1, choice: 2, text: 'Support' }),
          sent(id, 'd0', { question: 2, score: 5 }),
          sent(id, 'd1', { question: 2, score: 4 }),
          sent(id, 'd2', { question: 2, score: 2 }),
          sent(id, 'd0', { question: 3, text: 'Love it' }),
          // an answer off the scale, and one to a question the survey does not have: left out
          sent(id, 'd11', { score: 11 }),
          sent(id, 'd12', { question: 7, score: 3 }),
          ...['d0', 'd1', 'd20', 'd21'].map((device) => seen('shown', id, device)),
          seen('dismissed', id, 'd20'),
        ])
      ).status,
    ).toBe(200);

    const results = await call(api, 'GET', `${base()}/${id}/results`);
    expect(results.status).toBe(200);
    const [nps, choice, csat, open] = results.body.questions as JsonObject[];
    expect(results.body).toMatchObject({ survey_id: id, type: 'nps', confidence_level: 0.95, shown: 4, dismissed: 1, respondents: 12 });
    expect(nps).toMatchObject({ index: 0, type: 'nps', question: 'How likely are you to recommend us?', answers: 10 });
    expect(nps!.counts).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((value) => ({ value, count: { 0: 1, 3: 1, 6: 1, 7: 1, 8: 1, 9: 3, 10: 2 }[value] ?? 0 })),
    );
    // 5 promoters, 2 passives, 3 detractors of 10
    expect(nps!.nps).toMatchObject({ score: 20, promoters: 5, passives: 2, detractors: 3 });
    const [low, high] = (nps!.nps as { interval: [number, number] }).interval;
    expect(low).toBeLessThan(20);
    expect(high).toBeGreaterThan(20);
    expect(choice).toMatchObject({ index: 1, type: 'multiple_choice', answers: 3 });
    expect((choice!.choices as JsonObject[]).map(({ choice: text, count }) => [text, count])).toEqual([
      ['Price', 2],
      ['Speed', 0],
      ['Support', 1],
    ]);
    expect((choice!.choices as JsonObject[])[0]).toMatchObject({ index: 0, share: 2 / 3 });
    expect(csat).toMatchObject({ index: 2, type: 'csat', answers: 3, average: { value: 11 / 3 }, satisfied: { count: 2, share: 2 / 3 } });
    expect(open).toEqual({ index: 3, type: 'open_ended', question: 'Anything else?', answers: 1 });
  });

  it('answers a survey nobody answered with zero counts and no estimates', async () => {
    const survey = await call(api, 'POST', base(), { name: 'CSAT', type: 'csat', question: 'Happy?' });
    const results = await call(api, 'GET', `${base()}/${survey.body.id}/results`);
    expect(results.body).toEqual({
      survey_id: survey.body.id,
      type: 'csat',
      confidence_level: 0.95,
      shown: 0,
      dismissed: 0,
      respondents: 0,
      questions: [
        {
          index: 0,
          type: 'csat',
          question: 'Happy?',
          answers: 0,
          counts: [1, 2, 3, 4, 5].map((value) => ({ value, count: 0 })),
          average: null,
          satisfied: null,
        },
      ],
    });
  });

  it('answers 404 for a survey of another project or none, or an id that is not one', async () => {
    expect((await call(api, 'GET', `${base()}/999999/results`)).status).toBe(404);
    expect((await call(api, 'GET', `${base()}/abc/results`)).status).toBe(404);
  });
});

describe('GET /surveys/:id/responses?question=', () => {
  it("lists one question's answers, newest first, in pages", async () => {
    const survey = await call(api, 'POST', base(), { name: 'Mixed', type: 'nps', question: 'Score?', follow_ups: [{ type: 'open_ended', question: 'Why?' }] });
    const id = survey.body.id;
    await track([
      sent(id, 'a', { score: 9, at: 40 }),
      sent(id, 'a', { question: 1, text: 'Fast', at: 30 }),
      sent(id, 'b', { question: 1, text: 'Cheap', at: 20 }),
      sent(id, 'c', { question: 1, text: '<img src=x onerror=alert(1)>', at: 10 }),
    ]);
    const first = await call(api, 'GET', `${base()}/${id}/responses?question=1&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((item) => item.response)).toEqual(['<img src=x onerror=alert(1)>', 'Cheap']);
    const second = await call(api, 'GET', `${base()}/${id}/responses?question=1&limit=2&before=${encodeURIComponent(String(first.body.next))}`);
    expect(second.body.items.map((item) => item.response)).toEqual(['Fast']);
    expect(second.body.next).toBeNull();
    expect((await call(api, 'GET', `${base()}/${id}/responses?question=0`)).body.items.map((item) => item.response)).toEqual([9]);
    expect((await call(api, 'GET', `${base()}/${id}/responses?question=-1`)).status).toBe(400);
  });
});
