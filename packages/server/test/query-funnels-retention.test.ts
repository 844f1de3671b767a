import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const NOW = Date.parse('2024-05-10T12:00:00.000Z');
let api: TestServer;

/**
 * Through the HTTP API: events sent with /v1/track and a device linked with /v1/identify between them.
 * - dev-1 views anonymously at 2024-05-01T08:00Z, is identified as alice, who signs up at 08:10Z; dev-1 buys
 *   anonymously at 08:30Z (after the link)
 * - bob views at 2024-05-01T09:00Z; carol views at 2024-05-02T22:30Z (2024-05-03 00:30 in Berlin) and signs up at 22:40Z
 * - dave views on 05-07, 05-08 and 05-10 (today), erin on 05-08 and 05-09 (UTC)
 */
beforeEach(async () => {
  api = await startTestServer({ clock: () => NOW });
  const track = (batch: Record<string, string>[]) => postJson(`${api.url}/v1/track`, { batch }, { 'X-API-Key': api.demo.pk });
  await track([{ event_name: 'view', device_id: 'dev-1', timestamp: '2024-05-01T08:00:00Z' }]);
  await postJson(`${api.url}/v1/identify`, { device_id: 'dev-1', user_id: 'alice' }, { 'X-API-Key': api.demo.pk });
  await track([
    { event_name: 'signup', user_id: 'alice', timestamp: '2024-05-01T08:10:00Z' },
    { event_name: 'buy', device_id: 'dev-1', timestamp: '2024-05-01T08:30:00Z' },
    { event_name: 'view', user_id: 'bob', timestamp: '2024-05-01T09:00:00Z' },
    { event_name: 'view', user_id: 'carol', timestamp: '2024-05-02T22:30:00Z' },
    { event_name: 'signup', user_id: 'carol', timestamp: '2024-05-02T22:40:00Z' },
    { event_name: 'view', user_id: 'dave', timestamp: '2024-05-07T10:00:00Z' },
    { event_name: 'view', user_id: 'dave', timestamp: '2024-05-08T10:00:00Z' },
    { event_name: 'view', user_id: 'dave', timestamp: '2024-05-10T09:00:00Z' },
    { event_name: 'view', user_id: 'erin', timestamp: '2024-05-08T11:00:00Z' },
    { event_name: 'view', user_id: 'erin', timestamp: '2024-05-09T11:00:00Z' },
  ]);
});
afterEach(() => api.close());

const post = (path: string, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${api.demo.sk}` }) =>
  postJson(`${api.url}${path}`, body, headers);

const funnel = (overrides: Record<string, unknown> = {}) => ({
  project_id: api.demo.project_id,
  steps: [{ event: 'view' }, { event: 'signup' }, { event: 'buy' }],
  date_range: { start: '2024-05-01', end: '2024-05-02' },
  timezone: 'Europe/Berlin',
  ...overrides,
});

const retention = (overrides: Record<string, unknown> = {}) => ({
  project_id: api.demo.project_id,
  start_event: { event: 'view' },
  return_event: { event: 'view' },
  period: 'day',
  periods: 3,
  date_range: { start: '2024-05-07', end: '2024-05-09' },
  ...overrides,
});

describe('POST /v1/query/funnels', () => {
  it('counts people through the steps in the query’s time zone, the device identified between them as one person', async () => {
    const res = await post('/v1/query/funnels', funnel());
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      date_range: { start: '2024-05-01', end: '2024-05-02' },
      timezone: 'Europe/Berlin',
      window_seconds: 14 * 86_400,
      steps: [
        { index: 1, event: 'view', people: 2, conversion_from_previous: 1, conversion_from_first: 1, median_seconds_to_convert: null },
        { index: 2, event: 'signup', people: 1, conversion_from_previous: 0.5, conversion_from_first: 0.5, median_seconds_to_convert: 600 },
        { index: 3, event: 'buy', people: 1, conversion_from_previous: 1, conversion_from_first: 0.5, median_seconds_to_convert: 1200 },
      ],
    });
  });

  it('counts carol in UTC, where her view falls on 2024-05-02; groups by a step-1 property; answers the same on /v1/api/query/funnels', async () => {
    const body = funnel({ timezone: 'UTC', window: { value: 15, unit: 'minute' }, group_by: { property: 'missing' } });
    const [main, alias] = await Promise.all([post('/v1/query/funnels', body), post('/v1/api/query/funnels', body)]);
    expect(alias).toMatchObject({ status: 200, body: main.body });
    const step = (index: number, event: string, people: number, previous: number | null, first: number | null, median: number | null) => ({
      index,
      event,
      people,
      conversion_from_previous: previous,
      conversion_from_first: first,
      median_seconds_to_convert: median,
    });
    // a 15-minute window: alice's buy, 30 minutes after her view, is outside
    const steps = [step(1, 'view', 3, 1, 1, null), step(2, 'signup', 2, 2 / 3, 2 / 3, 600), step(3, 'buy', 0, 0, 0, null)];
    expect(main.body).toEqual({
      date_range: { start: '2024-05-01', end: '2024-05-02' },
      timezone: 'UTC',
      window_seconds: 900,
      steps,
      groups: [{ group: null, steps }],
    });
  });

  it('answers null conversions without people', async () => {
    const res = await post('/v1/query/funnels', funnel({ steps: [{ event: 'never' }, { event: 'view' }] }));
    expect((res.body as { steps: unknown[] }).steps).toEqual([
      { index: 1, event: 'never', people: 0, conversion_from_previous: null, conversion_from_first: null, median_seconds_to_convert: null },
      { index: 2, event: 'view', people: 0, conversion_from_previous: null, conversion_from_first: null, median_seconds_to_convert: null },
    ]);
  });

  it.each([
    ['one step', { steps: [{ event: 'view' }] }, 'steps must hold at least 2 steps'],
    ['eleven steps', { steps: Array.from({ length: 11 }, () => ({ event: 'view' })) }, 'steps holds more than 10 steps'],
    ['a step without an event', { steps: [{ event: '' }, { event: 'view' }] }, 'steps[].event must not be empty'],
    [
      'a bad filter',
      { steps: [{ event: 'view', filters: [{ property: 'plan', op: 'gt', value: 'x' }] }, { event: 'buy' }] },
      'filters[].value must be a number with op gt',
    ],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone must be an IANA time zone name such as Europe/Berlin'],
    ['a window over 90 days', { window: { value: 91, unit: 'day' } }, 'window is longer than 90 days'],
    ['an unknown window unit', { window: { value: 1, unit: 'week' } }, 'window.unit must be one of minute, hour, day'],
    ['a start after the end', { date_range: { start: '2024-05-03', end: '2024-05-01' } }, 'date_range.start must not be after date_range.end'],
  ])('answers 400 for %s', async (_name, overrides, message) => {
    const res = await post('/v1/query/funnels', funnel(overrides));
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toContain(message);
  });
});

describe('POST /v1/query/retention', () => {
  it('answers the cohort matrix with future periods null, and the curve weighted by cohort size', async () => {
    const res = await post('/v1/query/retention', retention());
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      period: 'day',
      periods: 3,
      date_range: { start: '2024-05-07', end: '2024-05-09' },
      timezone: 'UTC',
      labels: ['Day 0', 'Day 1', 'Day 2', 'Day 3'],
      cohorts: [
        { label: '2024-05-07', size: 1, values: [1, 1, 0, 1] }, // dave: back on 05-08 and today
        { label: '2024-05-08', size: 1, values: [1, 1, 0, null] }, // erin: back on 05-09; 05-11 is to come
        { label: '2024-05-09', size: 0, values: [0, 0, null, null] },
      ],
      average: [1, 1, 0, 1],
    });
  });

  it('labels week cohorts by their Monday and answers the same on /v1/api/query/retention', async () => {
    const body = retention({ period: 'week', periods: 1, date_range: { start: '2024-05-08', end: '2024-05-09' }, timezone: 'Europe/Berlin' });
    const [main, alias] = await Promise.all([post('/v1/query/retention', body), post('/v1/api/query/retention', body)]);
    expect(alias).toMatchObject({ status: 200, body: main.body });
    // dave's first view in the range is on 05-08: cohort week of Monday 05-06; week 05-13 has not begun
    expect(main.body).toMatchObject({ labels: ['Week 0', 'Week 1'], cohorts: [{ label: '2024-05-06', size: 2, values: [2, null] }], average: [1, null] });
  });

  it.each([
    ['no return event', { return_event: undefined }, 'return_event'],
    ['periods 0', { periods: 0 }, 'periods must be at least 1'],
    ['periods 53', { periods: 53 }, 'periods must be at most 52'],
    ['a month period', { period: 'month' }, 'period must be one of day, week'],
    ['an unknown time zone', { timezone: 'Europe/Atlantis' }, 'timezone must be an IANA time zone name'],
  ])('answers 400 for %s', async (_name, overrides, message) => {
    const res = await post('/v1/query/retention', retention(overrides));
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toContain(message);
  });
});

describe('access to funnels and retention', () => {
  it.each(['/v1/query/funnels', '/v1/api/query/funnels', '/v1/query/retention', '/v1/api/query/retention'])(
    '%s answers 401 without a key and 403 with the SDK key',
    async (path) => {
      const body = path.endsWith('funnels') ? funnel() : retention();
      expect((await post(path, body, {})).status).toBe(401);
      expect((await post(path, body, { 'X-API-Key': api.demo.pk })).status).toBe(403);
    },
  );
});
