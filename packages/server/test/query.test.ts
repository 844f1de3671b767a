import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventQuery, postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startTestServer({ clock: () => Date.parse('2024-05-04T00:00:00.000Z') }); // events of May 2024 are recent for this clock
  const batch = [
    { event_name: 'view', user_id: 'u1', timestamp: '2024-05-01T23:59:59.999Z' },
    { event_name: 'view', user_id: 'u1', timestamp: '2024-05-02T00:00:00.000Z' },
    { event_name: 'view', device_id: 'd2', timestamp: '2024-05-02T08:00:00Z' },
    { event_name: 'view', device_id: 'd2', timestamp: '2024-05-02T09:00:00Z' },
    { event_name: 'buy', user_id: 'u1', timestamp: '2024-05-03T12:00:00+02:00' },
  ];
  await postJson(`${api.url}/v1/track`, { batch }, { 'X-API-Key': api.demo.pk });
});
afterEach(() => api.close());

const query = (body: unknown, path = '/v1/api/query/events') => postJson(`${api.url}${path}`, body, { Authorization: `Bearer ${api.demo.sk}` });

describe('POST /v1/api/query/events', () => {
  it('returns one zero-filled series per requested event, in request order', async () => {
    const res = await query(eventQuery(api.demo.project_id, ['buy', 'view', 'never'], '2024-04-30', '2024-05-03'));
    expect(res.status).toBe(200);
    const days = ['2024-04-30', '2024-05-01', '2024-05-02', '2024-05-03'];
    const series = (values: number[]) => days.map((date, i) => ({ date, value: values[i] }));
    expect(res.body).toEqual({
      metric: 'uniq',
      interval: 'day',
      timezone: 'UTC',
      date_range: { start: '2024-04-30', end: '2024-05-03' },
      series: [
        { event: 'buy', data: series([0, 0, 0, 1]) },
        { event: 'view', data: series([0, 1, 2, 0]) },
        { event: 'never', data: series([0, 0, 0, 0]) },
      ],
    });
  });

  it('counts events with metric total', async () => {
    const res = await query(eventQuery(api.demo.project_id, ['view'], '2024-05-02', '2024-05-02', 'total'));
    expect(res.body).toMatchObject({ series: [{ event: 'view', data: [{ date: '2024-05-02', value: 3 }] }] });
  });

  it('answers the same on its alias /v1/query/events', async () => {
    const body = eventQuery(api.demo.project_id, ['view'], '2024-05-01', '2024-05-02');
    const [main, alias] = await Promise.all([query(body), query(body, '/v1/query/events')]);
    expect(alias).toMatchObject({ status: 200, body: main.body });
  });

  it.each([
    ['a start after the end', { date_range: { start: '2024-05-02', end: '2024-05-01' } }, 'date_range.start must not be after date_range.end'],
    [
      'a daily range over 366 days',
      { date_range: { start: '2023-01-01', end: '2024-01-02' } },
      'date_range spans 367 days, more than 366, the most for interval day (days per interval: hour 31, day 366, week 732, month 1830)',
    ],
    [
      'a weekly range over 732 days',
      { interval: 'week', date_range: { start: '2022-01-01', end: '2024-01-03' } },
      'date_range spans 733 days, more than 732, the most for interval week (days per interval: hour 31, day 366, week 732, month 1830)',
    ],
    [
      'a range over 1830 days',
      { interval: 'month', date_range: { start: '2019-01-01', end: '2024-01-05' } },
      'date_range spans more than 1830 days, the most for any interval (days per interval: hour 31, day 366, week 732, month 1830)',
    ],
    ['an impossible date', { date_range: { start: '2024-02-30', end: '2024-03-01' } }, 'date_range.start must be a date in YYYY-MM-DD form'],
    ['no events', { events: [] }, 'events must hold at least one event'],
    ['more than 20 events', { events: Array.from({ length: 21 }, (_, i) => ({ name: `e${i}` })) }, 'events holds more than 20 events'],
    ['an unknown metric', { metric: 'median' }, 'metric must be one of uniq, total, sum, avg, min, max, p50, p90, p99, per_user, dau, wau, mau'],
    ['an unknown interval', { interval: 'minute' }, 'interval must be one of hour, day, week, month'],
    ['a property metric without its property', { metric: 'avg' }, 'property is required with metric avg'],
    ['a property with a counting metric', { property: 'price' }, 'property is only used with metric sum, avg, min, max, p50, p90, p99'],
    [
      'an hourly range over 31 days',
      { interval: 'hour', date_range: { start: '2024-05-01', end: '2024-06-01' } },
      'date_range spans 32 days, more than 31, the most for interval hour (days per interval: hour 31, day 366, week 732, month 1830)',
    ],
    [
      'an unknown filter operator',
      { filters: [{ property: 'plan', op: 'like', value: 'x' }] },
      'filters[].op must be one of eq, neq, contains, gt, lt, is_set',
    ],
    ['contains with a number', { filters: [{ property: 'plan', op: 'contains', value: 1 }] }, 'filters[].value must be a string with op contains'],
    ['gt with a string', { filters: [{ property: 'price', op: 'gt', value: '10' }] }, 'filters[].value must be a number with op gt'],
    ['is_set with a value', { filters: [{ property: 'plan', op: 'is_set', value: 'x' }] }, 'filters[].value must be absent with op is_set'],
    ['eq without a value', { filters: [{ property: 'plan', op: 'eq' }] }, 'filters[].value must be a string or a number with op eq'],
    ['an empty filter property', { filters: [{ property: '', op: 'is_set' }] }, 'filters[].property must not be empty'],
    ['a group_by limit of 0', { group_by: { property: 'plan', limit: 0 } }, 'group_by.limit must be at least 1'],
    ['a group_by limit over 50', { group_by: { property: 'plan', limit: 51 } }, 'group_by.limit must be at most 50'],
    ['a non-integer project_id', { project_id: 1.5 }, 'project_id must be a positive integer'],
  ])('answers a query with %s with 400', async (_case, override, error) => {
    const res = await query({ ...eventQuery(api.demo.project_id, ['view'], '2024-05-01'), ...override });
    expect(res).toEqual(expect.objectContaining({ status: 400, body: { error } }));
  });

  it('accepts a range of exactly 366 days, and of five years by month', async () => {
    expect((await query(eventQuery(api.demo.project_id, ['view'], '2024-01-01', '2024-12-31'))).status).toBe(200);
    const months = await query({ ...eventQuery(api.demo.project_id, ['view'], '2020-01-01', '2024-12-31'), interval: 'month' });
    expect(months).toMatchObject({ status: 200, body: { series: [{ data: expect.arrayContaining([{ date: '2024-05-01', value: 2 }]) }] } });
    expect((months.body as { series: { data: unknown[] }[] }).series[0]?.data).toHaveLength(60);
  });
});
