import { describe, expect, it } from 'vitest';
import { postJson } from './support/test-server.js';
import { call, itBehavesAsADocumentResource } from './support/document-crud.js';

describe('surveys', () => {
  const { api } = itBehavesAsADocumentResource({
    segment: 'surveys',
    kind: 'survey',
    valid: (n) => ({ name: `Survey ${n}`, type: 'nps', question: 'How likely are you to recommend us?' }),
    patch: { body: { status: 'active', low_label: 'Never' }, expect: { name: 'Survey 1', type: 'nps', status: 'active', low_label: 'Never' } },
    invalid: [
      { body: { name: 'x', type: 'quiz', question: 'q' }, error: 'type must be one of' },
      { body: { name: 'x', type: 'nps' }, error: 'question is required' },
      { body: { name: 'x', type: 'multiple_choice', question: 'q', choices: ['only'] }, error: 'choices must hold at least 2 choices' },
      { body: { name: 'x', type: 'open_ended', question: 'q', max_length: 0 }, error: 'max_length must be at least 1' },
      { body: { name: 'x', type: 'nps', question: 'q', follow_ups: [{ type: 'quiz', question: 'q' }] }, error: 'follow_ups[].type must be one of' },
      { body: { name: 'x', type: 'nps', question: 'q', follow_ups: Array(10).fill({ type: 'csat', question: 'q' }) }, error: 'follow_ups holds more than 9' },
      { body: { name: 'x', type: 'nps', question: 'q', conditions: { delay_ms: -1 } }, error: 'conditions.delay_ms must be at least 0' },
      { body: { name: 'x', type: 'nps', question: 'q', conditions: { show_once: 'yes' } }, error: 'conditions.show_once must be a boolean' },
      { body: { name: 'x', type: 'nps', question: 'q', translations: { 'not a locale': {} } }, error: 'must be a language tag' },
      {
        body: { name: 'x', type: 'multiple_choice', question: 'q', choices: ['a', 'b'], translations: { fr: { choices: ['a'] } } },
        error: 'translations.fr.choices must hold one text per choice (2)',
      },
      {
        body: { name: 'x', type: 'nps', question: 'q', translations: { fr: { follow_ups: [{ question: 'q' }] } } },
        error: 'translations.fr.follow_ups has more questions than follow_ups',
      },
    ],
  });

  const base = () => `/v1/projects/${api().demo.project_id}/surveys`;
  const answer = (surveyId: number | string, response: string | number, timestamp: string, device = 'd1') =>
    postJson(
      `${api().url}/v1/track`,
      {
        event_name: '$survey_sent',
        device_id: device,
        timestamp,
        str_properties: { survey_id: String(surveyId), ...(typeof response === 'string' && { response }) },
        num_properties: typeof response === 'number' ? { response } : {},
      },
      { 'X-API-Key': api().demo.pk },
    );

  it('stores each of the four types', async () => {
    for (const body of [
      { type: 'nps', question: 'Recommend us?' },
      { type: 'csat', question: 'Happy?' },
      { type: 'open_ended', question: 'Anything else?' },
      { type: 'multiple_choice', question: 'Which plan?', choices: ['Free', 'Pro'] },
    ]) {
      const res = await call(api(), 'POST', base(), { name: body.type, ...body });
      expect(res.status, body.type).toBe(201);
      expect(res.body).toMatchObject({ ...body, status: 'draft' });
    }
  });

  it("lists a survey's responses newest first, in pages joined by the `next` cursor", async () => {
    const survey = await call(api(), 'POST', base(), { name: 'NPS', type: 'nps', question: 'Recommend us?' });
    const other = await call(api(), 'POST', base(), { name: 'Other', type: 'open_ended', question: 'Else?' });
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    for (const [score, minutesAgo] of [
      [7, 30],
      [9, 20],
      [10, 10],
    ] as const)
      expect((await answer(survey.body.id, score, at(minutesAgo))).status).toBe(200);
    await answer(other.body.id, 'More dark mode', at(5));
    const first = await call(api(), 'GET', `${base()}/${survey.body.id}/responses?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((item) => item.response)).toEqual([10, 9]);
    expect(first.body.items[0]).toMatchObject({
      event_name: '$survey_sent',
      device_id: 'd1',
      timestamp: at(10),
      str_properties: { survey_id: String(survey.body.id) },
    });
    const second = await call(api(), 'GET', `${base()}/${survey.body.id}/responses?limit=2&before=${String(first.body.next)}`);
    expect(second.body).toMatchObject({ items: [{ response: 7 }], next: null });
    const text = await call(api(), 'GET', `${base()}/${other.body.id}/responses`);
    expect(text.body).toMatchObject({ items: [{ response: 'More dark mode' }], next: null });
  });

  it('answers 404 for the responses of an unknown survey and 400 for a cursor it did not issue', async () => {
    expect((await call(api(), 'GET', `${base()}/999/responses`)).status).toBe(404);
    const survey = await call(api(), 'POST', base(), { name: 'NPS', type: 'nps', question: 'Recommend us?' });
    expect((await call(api(), 'GET', `${base()}/${survey.body.id}/responses?before=bm90LWEtY3Vyc29y`)).status).toBe(400);
  });
});
