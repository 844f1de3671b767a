import { expect, it } from 'vitest';
import type { EventListQuery, StoredEvent } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { DAY1, HOUR, storedEvent, uuidNo } from './dataset.js';

const uuids = (events: StoredEvent[]) => events.map((event) => event.uuid);
/** An `events` listing query. */
const listing = (query: EventListQuery) => ({ ...query, kind: 'events' }) as const;

/** Seven events: three share one timestamp, two another; uuid numbers chosen out of time order. */
const TIMELINE = [
  storedEvent(5, { timestamp: DAY1 + 1 * HOUR }),
  storedEvent(2, { timestamp: DAY1 + 2 * HOUR }),
  storedEvent(9, { timestamp: DAY1 + 2 * HOUR }),
  storedEvent(4, { timestamp: DAY1 + 2 * HOUR }),
  storedEvent(1, { timestamp: DAY1 + 3 * HOUR }),
  storedEvent(7, { timestamp: DAY1 + 4 * HOUR }),
  storedEvent(3, { timestamp: DAY1 + 4 * HOUR }),
];
/** TIMELINE newest first: time descending, then uuid descending. */
const NEWEST_FIRST = [7, 3, 1, 9, 4, 2, 5].map(uuidNo);

/** The `events` listing of `QueryEngine`: order, keyset paging, people (with `people`), filters and the limit. */
export function eventListCases({ ports, provides }: ConformanceContext): void {
  it('lists the events of a project newest first, ties on the timestamp broken by uuid descending', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([...TIMELINE, storedEvent(8, { project_id: 2 })]);
    expect(uuids(await queryEngine.run(listing({ projectId: 1 })))).toEqual(NEWEST_FIRST);
    expect(await queryEngine.run(listing({ projectId: 3 }))).toEqual([]);
  });

  it('returns events exactly as stored', async () => {
    const { eventLog, queryEngine } = ports();
    const event = storedEvent(1, {
      user_id: 'ünï 👩',
      session_id: 's',
      str_properties: { plan: 'pro', 'clé 🔑': 'välue' },
      num_properties: { price: 19.99, big: 2 ** 53 - 1 },
    });
    await eventLog.appendEvents([event]);
    expect(await queryEngine.run(listing({ projectId: 1, userId: 'ünï 👩' }))).toEqual([event]);
  });

  it('pages with a keyset cursor (timestamp, uuid) without skipping or repeating an event, even inside a tie', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(TIMELINE);
    const seen: string[] = [];
    let before: { timestamp: number; uuid: string } | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await queryEngine.run(listing({ projectId: 1, limit: 2, ...(before ? { before } : {}) }));
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...uuids(page));
      const last = page[page.length - 1]!;
      before = { timestamp: last.timestamp, uuid: last.uuid };
    }
    expect(seen).toEqual(NEWEST_FIRST);
    // a cursor between two tied events: only the older uuids of that timestamp follow
    expect(uuids(await queryEngine.run(listing({ projectId: 1, before: { timestamp: DAY1 + 2 * HOUR, uuid: uuidNo(6) } })))).toEqual([4, 2, 5].map(uuidNo));
    // any text is a cursor: stored uuids are ASCII, so they sort before any other character
    expect(uuids(await queryEngine.run(listing({ projectId: 1, before: { timestamp: DAY1 + 2 * HOUR, uuid: 'ü 🚀' } })))).toEqual([9, 4, 2, 5].map(uuidNo));
    expect(uuids(await queryEngine.run(listing({ projectId: 1, before: { timestamp: DAY1 + 2 * HOUR, uuid: '' } })))).toEqual([uuidNo(5)]);
  });

  if (provides('people')) {
    it("lists a user's own events and its linked devices' anonymous events, stored before and after the link", async () => {
      const { eventLog, queryEngine, people } = ports();
      await eventLog.appendEvents([
        storedEvent(1, { device_id: 'd1', timestamp: DAY1 + 1 * HOUR }),
        storedEvent(2, { user_id: 'u1', device_id: 'd0', timestamp: DAY1 + 2 * HOUR }),
        storedEvent(3, { device_id: 'd2', timestamp: DAY1 + 3 * HOUR }),
      ]);
      expect(uuids(await queryEngine.run(listing({ projectId: 1, userId: 'u1' })))).toEqual([uuidNo(2)]);
      await people.linkDevice(1, 'd1', 'u1');
      await people.linkDevice(2, 'd2', 'u1');
      await eventLog.appendEvents([
        storedEvent(4, { device_id: 'd1', timestamp: DAY1 + 4 * HOUR }),
        // another user's event on u1's device is that user's, not u1's
        storedEvent(5, { user_id: 'u2', device_id: 'd1', timestamp: DAY1 + 5 * HOUR }),
        storedEvent(6, { user_id: 'u1', timestamp: DAY1 + 6 * HOUR }),
        storedEvent(7, { project_id: 2, user_id: 'u1', timestamp: DAY1 + 7 * HOUR }),
        storedEvent(8, { project_id: 2, device_id: 'd1', timestamp: DAY1 + 8 * HOUR }),
        storedEvent(9, { user_id: 'U1', timestamp: DAY1 + 9 * HOUR }),
      ]);
      expect(uuids(await queryEngine.run(listing({ projectId: 1, userId: 'u1' })))).toEqual([6, 4, 2, 1].map(uuidNo));
      expect(uuids(await queryEngine.run(listing({ projectId: 2, userId: 'u1' })))).toEqual([uuidNo(7)]);
      expect(uuids(await queryEngine.run(listing({ projectId: 1, userId: 'u1', deviceId: 'd1' })))).toEqual([4, 1].map(uuidNo));
      expect(await queryEngine.run(listing({ projectId: 1, userId: 'nobody' }))).toEqual([]);
    });
  }

  if (provides('people')) {
    it("pages through a user's events across its own and its devices' events", async () => {
      const { eventLog, queryEngine, people } = ports();
      await people.linkDevice(1, 'd1', 'u1');
      await people.linkDevice(1, 'd2', 'u1');
      const all = [1, 2, 3, 4, 5, 6].map((n) =>
        storedEvent(n, { user_id: n % 3 === 0 ? 'u1' : null, device_id: n % 2 === 0 ? 'd1' : 'd2', timestamp: DAY1 + (n % 4) * HOUR }),
      );
      await eventLog.appendEvents(all);
      const expected = uuids([...all].sort((a, b) => b.timestamp - a.timestamp || (a.uuid < b.uuid ? 1 : -1)));
      const seen: string[] = [];
      let before: { timestamp: number; uuid: string } | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await queryEngine.run(listing({ projectId: 1, userId: 'u1', limit: 1, ...(before ? { before } : {}) }));
        const last = page[0];
        if (!last) break;
        seen.push(last.uuid);
        before = { timestamp: last.timestamp, uuid: last.uuid };
      }
      expect(seen).toEqual(expected);
    });
  }

  if (provides('people')) {
    it('lists the anonymous events of a device, linked or not', async () => {
      const { eventLog, queryEngine, people } = ports();
      await people.linkDevice(1, 'd1', 'u1');
      await eventLog.appendEvents([
        storedEvent(1, { device_id: 'd1', timestamp: DAY1 + 1 * HOUR }),
        storedEvent(2, { user_id: 'u1', device_id: 'd1', timestamp: DAY1 + 2 * HOUR }),
        storedEvent(3, { user_id: 'u2', device_id: 'd1', timestamp: DAY1 + 3 * HOUR }),
        storedEvent(4, { user_id: 'u1', device_id: 'd2', timestamp: DAY1 + 4 * HOUR }),
        storedEvent(5, { project_id: 2, device_id: 'd1', timestamp: DAY1 + 5 * HOUR }),
        storedEvent(6, { device_id: 'D1', timestamp: DAY1 + 6 * HOUR }),
      ]);
      // identified events (2, 3) are their users'; 1 was stored after the link, 7 before it
      await eventLog.appendEvents([
        storedEvent(7, { device_id: 'd3', timestamp: DAY1 + 7 * HOUR }),
        storedEvent(8, { user_id: 'u3', device_id: 'd3', timestamp: DAY1 + 8 * HOUR }),
      ]);
      expect(uuids(await queryEngine.run(listing({ projectId: 1, deviceId: 'd1' })))).toEqual([uuidNo(1)]);
      expect(uuids(await queryEngine.run(listing({ projectId: 1, deviceId: 'd3' })))).toEqual([uuidNo(7)]);
      await people.linkDevice(1, 'd3', 'u3');
      expect(uuids(await queryEngine.run(listing({ projectId: 1, deviceId: 'd3' })))).toEqual([uuidNo(7)]);
      expect(uuids(await queryEngine.run(listing({ projectId: 1, deviceId: 'd3', events: ['nope'] })))).toEqual([]);
      expect(await queryEngine.run(listing({ projectId: 1, deviceId: 'nobody' }))).toEqual([]);
    });
  }

  it('keeps only the named events and those whose string properties equal every given value', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      storedEvent(1, { event_name: '$guide_seen', str_properties: { guide: 'g1', step: '1' }, timestamp: DAY1 + 1 * HOUR }),
      storedEvent(2, { event_name: '$guide_seen', str_properties: { guide: 'g2', step: '1' }, timestamp: DAY1 + 2 * HOUR }),
      storedEvent(3, { event_name: '$survey_sent', str_properties: { guide: 'g1' }, timestamp: DAY1 + 3 * HOUR }),
      storedEvent(4, { event_name: '$pageview', str_properties: { guide: 'g1 ' }, num_properties: { step: 1 }, timestamp: DAY1 + 4 * HOUR }),
      storedEvent(5, { event_name: '$guide_seen', str_properties: { guide: 'G1', step: '1' }, timestamp: DAY1 + 5 * HOUR }),
    ]);
    expect(uuids(await queryEngine.run(listing({ projectId: 1, events: ['$guide_seen', '$survey_sent'] })))).toEqual([5, 3, 2, 1].map(uuidNo));
    expect(uuids(await queryEngine.run(listing({ projectId: 1, strEquals: { guide: 'g1' } })))).toEqual([3, 1].map(uuidNo));
    expect(uuids(await queryEngine.run(listing({ projectId: 1, events: ['$guide_seen'], strEquals: { guide: 'g1', step: '1' } })))).toEqual([uuidNo(1)]);
    // a numeric property never equals a string, and a missing key matches nothing
    expect(await queryEngine.run(listing({ projectId: 1, strEquals: { step: '1', guide: 'g1 ' } }))).toEqual([]);
    expect(await queryEngine.run(listing({ projectId: 1, strEquals: { nope: '' } }))).toEqual([]);
    expect(await queryEngine.run(listing({ projectId: 1, events: [] }))).toEqual([]);
  });

  it('keeps only the events matching every property filter and those at or after `since`', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents([
      storedEvent(1, { str_properties: { plan: 'pro' }, num_properties: { amount: 5 }, timestamp: DAY1 + 1 * HOUR }),
      storedEvent(2, { str_properties: { plan: 'free' }, num_properties: { amount: 50 }, timestamp: DAY1 + 2 * HOUR }),
      storedEvent(3, { str_properties: { plan: 'Pro' }, timestamp: DAY1 + 3 * HOUR }),
      storedEvent(4, { num_properties: { amount: 20 }, timestamp: DAY1 + 4 * HOUR }),
    ]);
    const listed = async (query: Omit<EventListQuery, 'projectId'>) => uuids(await queryEngine.run(listing({ projectId: 1, ...query })));
    expect(await listed({ filters: [{ property: 'plan', op: 'eq', value: 'pro' }] })).toEqual([uuidNo(1)]);
    expect(await listed({ filters: [{ property: 'plan', op: 'neq', value: 'pro' }] })).toEqual([4, 3, 2].map(uuidNo));
    expect(await listed({ filters: [{ property: 'amount', op: 'gt', value: 10 }] })).toEqual([4, 2].map(uuidNo));
    expect(
      await listed({
        filters: [
          { property: 'plan', op: 'is_set' },
          { property: 'amount', op: 'lt', value: 10 },
        ],
      }),
    ).toEqual([uuidNo(1)]);
    expect(await listed({ since: DAY1 + 2 * HOUR })).toEqual([4, 3, 2].map(uuidNo));
    expect(
      await listed({
        since: DAY1 + 2 * HOUR,
        before: { timestamp: DAY1 + 4 * HOUR, uuid: uuidNo(4) },
        filters: [{ property: 'plan', op: 'contains', value: 'o' }],
      }),
    ).toEqual([uuidNo(3)]);
  });

  it('returns 50 events by default and clamps the limit to 1–1000', async () => {
    const { eventLog, queryEngine } = ports();
    await eventLog.appendEvents(Array.from({ length: 1005 }, (_, n) => storedEvent(n + 1, { timestamp: DAY1 + n })));
    expect(await queryEngine.run(listing({ projectId: 1 }))).toHaveLength(50);
    expect(await queryEngine.run(listing({ projectId: 1, limit: 7 }))).toHaveLength(7);
    expect(await queryEngine.run(listing({ projectId: 1, limit: 0 }))).toHaveLength(1);
    expect(await queryEngine.run(listing({ projectId: 1, limit: -5 }))).toHaveLength(1);
    expect(await queryEngine.run(listing({ projectId: 1, limit: 2.9 }))).toHaveLength(2);
    expect(await queryEngine.run(listing({ projectId: 1, limit: 5000 }))).toHaveLength(1000);
    expect((await queryEngine.run(listing({ projectId: 1, limit: 1 })))[0]?.uuid).toBe(uuidNo(1005));
  });

  it('lists the events of one session, and counts the events of each name per session within a time range', async () => {
    const { eventLog, queryEngine } = ports();
    const at = (no: number, session: string | null, name: string, hour: number, project = 1) =>
      storedEvent(no, { session_id: session, event_name: name, timestamp: DAY1 + hour * HOUR, project_id: project });
    await eventLog.appendEvents([
      at(1, 's-1', '$rageclick', 1),
      at(2, 's-1', '$rageclick', 2),
      at(3, 's-1', '$deadclick', 2),
      at(4, 's-2', '$rageclick', 3),
      at(5, 's-2', '$pageview', 3),
      at(6, 's-1', '$rageclick', 9),
      at(7, null, '$rageclick', 2),
      at(8, 's-3', '$rageclick', 2),
      at(9, 's-1', '$rageclick', 2, 2),
    ]);
    expect(uuids(await queryEngine.run(listing({ projectId: 1, sessionId: 's-1' })))).toEqual([6, 3, 2, 1].map(uuidNo));
    expect(uuids(await queryEngine.run(listing({ projectId: 1, sessionId: 's-1', events: ['$deadclick'] })))).toEqual([uuidNo(3)]);
    const counts = await queryEngine.run({
      kind: 'sessionEventCounts',
      projectId: 1,
      sessionIds: ['s-1', 's-2', 's-9'],
      events: ['$rageclick', '$deadclick'],
      from: DAY1,
      to: DAY1 + 9 * HOUR,
    });
    const sorted = [...counts].sort((a, b) => (a.sessionId + a.event < b.sessionId + b.event ? -1 : 1));
    expect(sorted).toEqual([
      { sessionId: 's-1', event: '$deadclick', count: 1 },
      { sessionId: 's-1', event: '$rageclick', count: 2 },
      { sessionId: 's-2', event: '$rageclick', count: 1 },
    ]);
    expect(await queryEngine.run({ kind: 'sessionEventCounts', projectId: 1, sessionIds: [], events: ['$rageclick'], from: 0, to: DAY1 * 2 })).toEqual([]);
    expect(await queryEngine.run({ kind: 'sessionEventCounts', projectId: 1, sessionIds: ['s-1'], events: [], from: 0, to: DAY1 * 2 })).toEqual([]);
  });
}
