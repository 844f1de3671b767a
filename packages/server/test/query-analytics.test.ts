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
    expect(data.slice(0, 3)).toEqual(points(['2024-05-01T00:00:00.000Z', '2024-05-01T01:00:00.000Z', '2024-05-01T02:00:00.000Z'], [1, 1, 0]));
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
