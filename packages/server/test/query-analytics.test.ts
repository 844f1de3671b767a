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
  await api.storage.people.linkDevice(api.demo.project_id, 'd1', 'u1');
});
afterEach(() => api.close());

const query = (body: Record<string, unknown>) =>
  postJson(
    `${api.url}/v1/api/query/events`,
    { project_id: api.demo.project_id, events: [{ name: 'buy' }], date_range: { start: '2024-04-28', end: '2024-05-01' }, interval: 'day', ...body },
    { Authorization: `Bearer ${api.demo.sk}` },
  );
const points = (dates: string[], values: number[]) => dates.map((date, i) => ({ date, value: values[i] }));
const DAYS = ['2024-04-28', '2024-04-29', '2024-04-30', '2024-05-01'];

describe('POST /v1/api/query/events: metrics, intervals, filters, group_by', () => {
  it('sums, averages and takes the min and max of a numeric property', async () => {
    expect((await query({ metric: 'sum', property: 'price' })).body).toMatchObject({
      metric: 'sum',
      series: [{ event: 'buy', data: points(DAYS, [10, 30, 5, 7]) }],
    });
    expect((await query({ metric: 'avg', property: 'price', interval: 'month' })).body).toMatchObject({
      interval: 'month',
      series: [{ event: 'buy', data: points(['2024-04-01', '2024-05-01'], [15, 7]) }],
    });
    expect((await query({ metric: 'max', property: 'price', interval: 'week' })).body).toMatchObject({
      series: [{ event: 'buy', data: points(['2024-04-22', '2024-04-29'], [10, 30]) }],
    });
  });

  it('counts a device linked to a user as that user, per Monday week', async () => {
    const res = await query({ metric: 'uniq', interval: 'week' });
    expect(res.body).toMatchObject({ series: [{ event: 'buy', data: points(['2024-04-22', '2024-04-29'], [1, 3]) }] });
  });

  it('zero-fills every hour of the range with ISO hour labels', async () => {
    const res = await query({ metric: 'total', interval: 'hour', date_range: { start: '2024-05-01', end: '2024-05-01' } });
    const data = (res.body as { series: { data: { date: string; value: number }[] }[] }).series[0]!.data;
    expect(data).toHaveLength(24);
    expect(data.slice(0, 3)).toEqual(points(['2024-05-01T00:00:00+00:00', '2024-05-01T01:00:00+00:00', '2024-05-01T02:00:00+00:00'], [1, 1, 0]));
  });

  it('applies every filter', async () => {
    const filters = [
      { property: 'plan', op: 'neq', value: 'pro' },
      { property: 'price', op: 'lt', value: 7 },
    ];
    expect((await query({ metric: 'total', filters })).body).toMatchObject({ series: [{ data: points(DAYS, [0, 0, 1, 0]) }] });
    expect((await query({ metric: 'total', filters: [{ property: 'plan', op: 'is_set' }] })).body).toMatchObject({
      series: [{ data: points(DAYS, [1, 1, 1, 1]) }],
    });
  });

  it('returns one series per kept group with its group value, largest first, null last on a tie', async () => {
    const res = await query({ metric: 'total', group_by: { property: 'plan', limit: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      series: [
        { event: 'buy', group: 'pro', data: points(DAYS, [1, 1, 0, 1]) },
        { event: 'buy', group: 'free 🎉', data: points(DAYS, [0, 0, 1, 0]) },
      ],
    });
    expect((res.body as { series: unknown[] }).series).toHaveLength(2);
    const all = await query({ metric: 'total', group_by: { property: 'plan' } });
    expect((all.body as { series: { group: string | null }[] }).series.map((s) => s.group)).toEqual(['pro', 'free 🎉', null]);
  });
});

describe('POST /v1/api/query/events: time zones, empty buckets, percentiles', () => {
  it('takes date_range and the buckets in the query timezone, and echoes the zone', async () => {
    const berlin = await query({ metric: 'total', timezone: 'Europe/Berlin' });
    // 2024-04-30T23:59:59.999Z is 01:59 on May 1 in Berlin (+02:00)
    expect(berlin.body).toMatchObject({ timezone: 'Europe/Berlin', series: [{ data: points(DAYS, [1, 1, 0, 3]) }] });
    expect((await query({ metric: 'total' })).body).toMatchObject({ timezone: 'UTC', series: [{ data: points(DAYS, [1, 1, 1, 2]) }] });
    expect((await query({ metric: 'total', timezone: 'europe/berlin' })).body).toMatchObject({ timezone: 'Europe/Berlin' });
  });

  it('lists the 25 local hours of a night that turns the clocks back, the two 02:00 hours told apart by offset', async () => {
    const res = await query({ metric: 'total', interval: 'hour', timezone: 'Europe/Berlin', date_range: { start: '2024-10-27', end: '2024-10-27' } });
    const dates = (res.body as { series: { data: { date: string }[] }[] }).series[0]!.data.map((point) => point.date);
    expect(dates).toHaveLength(25);
    expect(dates.slice(0, 5)).toEqual([
      '2024-10-27T00:00:00+02:00',
      '2024-10-27T01:00:00+02:00',
      '2024-10-27T02:00:00+02:00',
      '2024-10-27T02:00:00+01:00',
      '2024-10-27T03:00:00+01:00',
    ]);
    expect(dates[24]).toBe('2024-10-27T23:00:00+01:00');
  });

  it('fills empty buckets with 0 for counts and sums and null for averages, extremes, percentiles and per_user', async () => {
    const range = { date_range: { start: '2024-04-26', end: '2024-04-28' } };
    const days = ['2024-04-26', '2024-04-27', '2024-04-28'];
    const data = async (body: Record<string, unknown>) => ((await query({ ...range, ...body })).body as { series: { data: unknown }[] }).series[0]!.data;
    expect(await data({ metric: 'total' })).toEqual(points(days, [0, 0, 1]));
    expect(await data({ metric: 'sum', property: 'price' })).toEqual(points(days, [0, 0, 10]));
    for (const metric of ['avg', 'min', 'max', 'p50', 'p90', 'p99']) {
      expect(await data({ metric, property: 'price' }), metric).toEqual(points(days, [null, null, 10] as number[]));
    }
    expect(await data({ metric: 'per_user' })).toEqual(points(days, [null, null, 1] as number[]));
  });

  it('takes nearest-rank percentiles: p50 of 10, 30, 5, 7 is 7 and p90 is 30', async () => {
    const month = { interval: 'month', date_range: { start: '2024-04-01', end: '2024-05-31' } };
    expect((await query({ ...month, metric: 'p50', property: 'price' })).body).toMatchObject({
      series: [{ data: points(['2024-04-01', '2024-05-01'], [10, 7]) }],
    });
    const all = { interval: 'week', date_range: { start: '2024-04-29', end: '2024-05-01' } };
    expect((await query({ ...all, metric: 'p90', property: 'price' })).body).toMatchObject({ series: [{ data: points(['2024-04-29'], [30]) }] });
  });

  it('counts people active in the trailing 7 days for wau, events before the range included, 0 where nobody was', async () => {
    // u1 (with d1 linked) on 04-28 and 04-29, u2 on 04-30 and 05-01, u3 on 05-01
    const res = await query({ metric: 'wau', date_range: { start: '2024-04-29', end: '2024-05-08' } });
    const values = (res.body as { series: { data: { value: number }[] }[] }).series[0]!.data.map((point) => point.value);
    expect(values).toEqual([1, 2, 3, 3, 3, 3, 3, 2, 2, 0]);
    // a month's window ends on its last day in the range: May 31 looks back to May 2, after everyone
    expect((await query({ metric: 'mau', interval: 'month', date_range: { start: '2024-04-01', end: '2024-05-31' } })).body).toMatchObject({
      series: [{ data: points(['2024-04-01', '2024-05-01'], [2, 0]) }],
    });
    expect((await query({ metric: 'mau', interval: 'month', date_range: { start: '2024-04-01', end: '2024-05-01' } })).body).toMatchObject({
      series: [{ data: points(['2024-04-01', '2024-05-01'], [2, 3]) }],
    });
  });

  it.each([
    ['an unknown zone', { timezone: 'Mars/Olympus' }, 'timezone must be an IANA time zone name such as Europe/Berlin'],
    ['an empty zone', { timezone: '' }, 'timezone must be an IANA time zone name such as Europe/Berlin'],
    ['a zone that is not a string', { timezone: 2 }, 'timezone must be a string'],
    ['a percentile without its property', { metric: 'p90' }, 'property is required with metric p90'],
    ['per_user with a property', { metric: 'per_user', property: 'price' }, 'property is only used with metric sum, avg, min, max, p50, p90, p99'],
    ['dau per hour', { metric: 'dau', interval: 'hour' }, 'metric dau takes interval day, week or month, not hour'],
    ['mau with a property', { metric: 'mau', property: 'price' }, 'property is only used with metric sum, avg, min, max, p50, p90, p99'],
  ])('answers a query with %s with 400', async (_case, body, error) => {
    expect(await query({ metric: 'total', ...body })).toEqual(expect.objectContaining({ status: 400, body: { error } }));
  });
});
