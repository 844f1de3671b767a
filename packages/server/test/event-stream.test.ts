import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, startResourceServer } from './support/document-crud.js';
import type { ApiBody } from './support/document-crud.js';
import { postJson } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startResourceServer();
});
afterEach(() => api.close());

const stream = (query = '') => `/v1/projects/${api.demo.project_id}/events${query}`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function track(event: Record<string, unknown>): Promise<void> {
  const res = await postJson(`${api.url}/v1/track`, event, { 'X-API-Key': api.demo.pk });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Five events of three people, oldest first. */
async function seed(): Promise<void> {
  await track({ event_name: '$pageview', device_id: 'd1', timestamp: minutesAgo(50), str_properties: { $pathname: '/pricing' } });
  await track({ event_name: 'signup', user_id: 'alice', device_id: 'd1', timestamp: minutesAgo(40), str_properties: { plan: 'pro' } });
  await track({ event_name: '$pageview', device_id: 'd2', timestamp: minutesAgo(30), str_properties: { $pathname: '/' } });
  await track({ event_name: 'purchase', user_id: 'alice', timestamp: minutesAgo(20), num_properties: { amount: 30 } });
  await track({ event_name: 'purchase', user_id: 'bob', timestamp: minutesAgo(10), num_properties: { amount: 5 } });
}

const names = (body: ApiBody) => body.items.map((event) => event.event_name);

describe('the raw event stream', () => {
  it('lists the project’s events newest first, in pages joined by `next`', async () => {
    await seed();
    const first = await call(api, 'GET', stream('?limit=2'));
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['purchase', 'purchase']);
    expect(first.body.items[0]).toMatchObject({ user_id: 'bob', num_properties: { amount: 5 }, timestamp: expect.stringMatching(/Z$/) });
    const second = await call(api, 'GET', stream(`?limit=2&before=${String(first.body.next)}`));
    expect(names(second.body)).toEqual(['$pageview', 'signup']);
    const last = await call(api, 'GET', stream(`?limit=2&before=${String(second.body.next)}`));
    expect(last.body).toMatchObject({ items: [{ event_name: '$pageview', device_id: 'd1' }], next: null });
  });

  it('filters by event names, user, device, property filters and a start time, all at once', async () => {
    await seed();
    expect(names((await call(api, 'GET', stream('?event=purchase&event=signup'))).body)).toEqual(['purchase', 'purchase', 'signup']);
    expect(names((await call(api, 'GET', stream('?event=signup'))).body)).toEqual(['signup']);
    expect((await call(api, 'GET', stream('?user_id=alice'))).body.items.map((event) => event.event_name)).toEqual(['purchase', 'signup']);
    expect((await call(api, 'GET', stream('?device_id=d2'))).body.items).toMatchObject([{ str_properties: { $pathname: '/' } }]);
    const filters = encodeURIComponent(JSON.stringify([{ property: 'amount', op: 'gt', value: 10 }]));
    expect((await call(api, 'GET', stream(`?filters=${filters}`))).body.items).toMatchObject([{ user_id: 'alice', event_name: 'purchase' }]);
    const pricing = encodeURIComponent(JSON.stringify([{ property: '$pathname', op: 'eq', value: '/pricing' }]));
    expect(names((await call(api, 'GET', stream(`?event=$pageview&filters=${pricing}`))).body)).toEqual(['$pageview']);
    expect(names((await call(api, 'GET', stream(`?since=${encodeURIComponent(minutesAgo(25))}`))).body)).toEqual(['purchase', 'purchase']);
  });

  it('answers 400 with what is wrong for a malformed parameter', async () => {
    const cases: [string, string][] = [
      ['?filters=nope', 'filters must be the JSON text of an array of filters'],
      [`?filters=${encodeURIComponent('[{"property":"a","op":"gt","value":"x"}]')}`, 'filters[].value must be a number with op gt'],
      ['?since=yesterday', 'since must be a YYYY-MM-DD date or an ISO 8601 time with an offset'],
      ['?since=2026-02-30', 'since is not a real date'],
      ['?before=abc', 'before is not a cursor of this list'],
      ['?event=', 'event must be an event name of 1–200 characters'],
    ];
    for (const [query, error] of cases) {
      const res = await call(api, 'GET', stream(query));
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(error);
    }
  });
});
