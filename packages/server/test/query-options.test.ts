import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startTestServer({ clock: () => Date.parse('2024-05-02T00:00:00.000Z') }); // events of late April 2024 are recent for this clock
  const batch = [
    { event_name: 'buy', device_id: 'd1', timestamp: '2024-04-28T10:00:00Z', str_properties: { plan: 'pro' }, num_properties: { price: 10 } },
    { event_name: 'buy', user_id: 'u1', timestamp: '2024-04-29T10:00:00Z', str_properties: { plan: 'pro' }, num_properties: { price: 30 } },
    { event_name: 'buy', user_id: 'u2', timestamp: '2024-04-30T23:59:59.999Z', str_properties: { plan: 'free 🎉' }, num_properties: { price: 5 } },
    { event_name: 'buy', user_id: 'u2', timestamp: '2024-05-01T00:00:00.000Z', num_properties: { price: 7 } },
    { event_name: 'buy', user_id: 'u3', timestamp: '2024-05-01T01:30:00Z', str_properties: { plan: 'pro' } },
  ];
  await postJson(`${api.url}/v1/track`, { batch }, { 'X-API-Key': api.demo.pk });
});
afterEach(() => api.close());

const query = (body: Record<string, unknown>) =>
  postJson(
    `${api.url}/v1/api/query/events`,
    {
      project_id: api.demo.project_id,
      events: [{ name: 'buy' }],
      metric: 'total',
      date_range: { start: '2024-04-28', end: '2024-05-01' },
      interval: 'day',
      ...body,
    },
    { Authorization: `Bearer ${api.demo.sk}` },
  );
const values = (body: unknown) => (body as { series: { data: { value: number | null }[] }[] }).series.map((series) => series.data.map((point) => point.value));
const pro = { property: 'plan', op: 'eq', value: 'pro' };

describe('POST /v1/api/query/events: per-event filters, saved segments, the previous period', () => {
  it('applies each event its own filters on top of the query filters', async () => {
    expect(values((await query({ events: [{ name: 'buy', filters: [pro] }, { name: 'buy' }] })).body)).toEqual([
      [1, 1, 0, 1],
      [1, 1, 1, 2],
    ]);
    const cheap = { property: 'price', op: 'lt', value: 20 };
    expect(values((await query({ events: [{ name: 'buy', filters: [pro] }, { name: 'buy' }], filters: [cheap] })).body)).toEqual([
      [1, 0, 0, 0],
      [1, 0, 1, 1],
    ]);
  });

  it("adds a saved segment's filters to every event, and answers 404 for a segment the project does not have", async () => {
    const { config } = api.storage;
    const segment = await config.createDocument({ project_id: api.demo.project_id, kind: 'segment', data: { name: 'Pro', filters: [pro] } });
    expect(
      values((await query({ segment_id: segment.id, events: [{ name: 'buy' }, { name: 'buy', filters: [{ property: 'price', op: 'gt', value: 20 }] }] })).body),
    ).toEqual([
      [1, 1, 0, 1],
      [0, 1, 0, 0],
    ]);
    const other = await config.createProject({ name: 'Other', plan: 'free' });
    const foreign = await config.createDocument({ project_id: other.id, kind: 'segment', data: { name: 'Pro', filters: [pro] } });
    expect(await query({ segment_id: foreign.id })).toEqual(expect.objectContaining({ status: 404, body: { error: `segment ${foreign.id} not found` } }));
    expect(await query({ segment_id: 999_999 })).toEqual(expect.objectContaining({ status: 404, body: { error: 'segment 999999 not found' } }));
  });

  it('answers the previous period of as many local days beside each series, point by point', async () => {
    const res = await query({ date_range: { start: '2024-04-30', end: '2024-05-01' }, compare: true });
    expect(res.body).toMatchObject({
      date_range: { start: '2024-04-30', end: '2024-05-01' },
      compare: { date_range: { start: '2024-04-28', end: '2024-04-29' } },
      series: [
        {
          event: 'buy',
          data: [
            { date: '2024-04-30', value: 1 },
            { date: '2024-05-01', value: 2 },
          ],
          previous: [
            { date: '2024-04-28', value: 1 },
            { date: '2024-04-29', value: 1 },
          ],
        },
      ],
    });
    expect((await query({ date_range: { start: '2024-04-30', end: '2024-05-01' }, compare: 'previous_period' })).body).toEqual(res.body);
    expect((await query({})).body).not.toHaveProperty('compare');
  });

  it("compares each group with the same group's previous period, empty where it had nothing", async () => {
    const res = await query({ date_range: { start: '2024-04-30', end: '2024-05-01' }, compare: true, group_by: { property: 'plan' } });
    const series = (res.body as { series: { group: string | null; data: { value: number }[]; previous: { value: number }[] }[] }).series;
    expect(series.map((s) => [s.group, s.data.map((p) => p.value), s.previous.map((p) => p.value)])).toEqual([
      ['free 🎉', [1, 0], [0, 0]],
      ['pro', [0, 1], [1, 1]],
      [null, [0, 1], [0, 0]],
    ]);
  });

  it("filters on the current properties of each event's user with source user, a device reaching its user through identify", async () => {
    await api.storage.people.setUserProperties(api.demo.project_id, 'u1', { company: 'Acme' });
    const acme = { property: 'company', op: 'eq', value: 'Acme', source: 'user' };
    expect(values((await query({ filters: [acme] })).body)).toEqual([[0, 1, 0, 0]]);
    await api.storage.people.linkDevice(api.demo.project_id, 'd1', 'u1');
    expect(values((await query({ filters: [acme] })).body)).toEqual([[1, 1, 0, 0]]);
    const segment = await api.storage.config.createDocument({ project_id: api.demo.project_id, kind: 'segment', data: { name: 'Acme', filters: [acme] } });
    expect(values((await query({ segment_id: segment.id, metric: 'uniq' })).body)).toEqual([[1, 1, 0, 0]]);
    expect(values((await query({ events: [{ name: 'buy', filters: [{ ...acme, op: 'neq' }] }] })).body)).toEqual([[0, 0, 1, 2]]);
  });

  it('answers 503 with the error when a segmentation, a funnel or a retention query runs past queryTimeoutMs', async () => {
    const strict = await startTestServer({ queryTimeoutMs: 0, clock: () => Date.parse('2024-05-02T00:00:00.000Z') });
    try {
      await postJson(`${strict.url}/v1/track`, { event_name: 'buy', user_id: 'u1', timestamp: '2024-04-30T10:00:00Z' }, { 'X-API-Key': strict.demo.pk });
      const body = {
        project_id: strict.demo.project_id,
        events: [{ name: 'buy' }],
        metric: 'total',
        date_range: { start: '2024-04-30', end: '2024-04-30' },
        interval: 'hour',
      };
      const auth = { Authorization: `Bearer ${strict.demo.sk}` };
      const res = await postJson(`${strict.url}/v1/api/query/events`, body, auth);
      expect(res).toMatchObject({ status: 503, body: { error: expect.stringContaining('ran longer than 0 ms') } });
      const range = { project_id: strict.demo.project_id, date_range: body.date_range };
      const funnel = await postJson(`${strict.url}/v1/query/funnels`, { ...range, steps: [{ event: 'buy' }, { event: 'buy' }] }, auth);
      expect(funnel).toMatchObject({ status: 503, body: { error: expect.stringContaining('ran longer than 0 ms') } });
      const retention = await postJson(
        `${strict.url}/v1/query/retention`,
        { ...range, start_event: { event: 'buy' }, return_event: { event: 'buy' }, period: 'day', periods: 3 },
        auth,
      );
      expect(retention).toMatchObject({ status: 503, body: { error: expect.stringContaining('ran longer than 0 ms') } });
    } finally {
      await strict.close();
    }
  });

  it.each([
    ['an unknown compare', { compare: 'last_year' }, 'compare must be true, false or previous_period'],
    ['a segment_id of 0', { segment_id: 0 }, 'segment_id must be positive'],
    ['an unknown filter source', { filters: [{ property: 'plan', op: 'is_set', source: 'person' }] }, 'filters[].source must be one of event, user'],
    [
      'an invalid per-event filter',
      { events: [{ name: 'buy', filters: [{ property: 'plan', op: 'like', value: 'p' }] }] },
      'events.0.filters.0.op: filters[].op must be one of eq, neq, contains, gt, lt, is_set',
    ],
    ['per-event filters that are not an array', { events: [{ name: 'buy', filters: {} }] }, 'events[].filters must be an array'],
  ])('answers a query with %s with 400', async (_case, body, error) => {
    expect(await query(body)).toEqual(expect.objectContaining({ status: 400, body: { error } }));
  });
});
