import type { EventLog, PersonStore, StoredEvent } from '@northstar/server';
import { uuidNo } from './dataset.js';

/** The project the fixture's expectations are about; OTHER_PROJECT reuses its uuids and device ids. */
export const PROJECT = 10;
export const OTHER_PROJECT = 11;
export const EMPTY_PROJECT = 12;

const at = (iso: string) => Date.parse(iso);
/** 2024-02-29 (a Thursday: week of Monday 2024-02-26) to 2024-03-11 (a Monday) inclusive. */
export const FROM = at('2024-02-29T00:00:00.000Z');
export const TO = at('2024-03-12T00:00:00.000Z');

/** A string at the value cap (8192 UTF-16 units) with accents, CJK and emoji. */
export const LONG_VALUE = ('é漢🚀' + 'x'.repeat(60)).repeat(128).slice(0, 8190) + '🎉';
/** An event name and an id at the 200-unit cap. */
export const LONG_NAME = 'ev-' + 'ñ'.repeat(187) + '🚀'.repeat(5);
export const LONG_ID = 'user-' + 'ü'.repeat(193) + '👩';
export const WEIRD_KEY = 'we"ird\\key.$[0]';

interface Spec {
  n: number;
  name?: string;
  user?: string;
  device?: string;
  ts: string;
  str?: Record<string, string>;
  num?: Record<string, number>;
}

function event(spec: Spec, projectId = PROJECT): StoredEvent {
  return {
    uuid: uuidNo(spec.n),
    project_id: projectId,
    event_name: spec.name ?? 'view',
    user_id: spec.user ?? null,
    device_id: spec.device ?? null,
    session_id: `s-${spec.n}`,
    timestamp: at(spec.ts),
    str_properties: spec.str ?? {},
    num_properties: spec.num ?? {},
    received_at: at(spec.ts) + 1000,
  };
}

/**
 * Project 10. Person of each event once every link is made (dev-b1→bob before the events,
 * dev-a1→alice and dev-c→carol after): 1 alice, 2 alice (dev-a1), 3 alice, 4 bob, 5 dev-anon,
 * 6 alice, 7 bob (dev-b1), 8 bob, 9 Ålice, 10 carol (dev-c), 11 carol, 12 alice (dev-a1), 13 alice, 14 bob.
 */
export const BATCH_A: StoredEvent[] = [
  event({ n: 1, user: 'alice', ts: '2024-02-29T23:59:59.999Z', str: { plan: 'pro', page: '/home' }, num: { load_ms: 100 } }),
  event({ n: 2, device: 'dev-a1', ts: '2024-03-01T00:00:00.000Z', str: { plan: 'free', page: '/home' }, num: { load_ms: 300 } }),
  event({ n: 3, user: 'alice', device: 'dev-a0', ts: '2024-03-01T10:00:00.000Z', str: { plan: 'pro', page: '/pricing' }, num: { load_ms: 200 } }),
  // a retry inside the same batch with another payload: the first copy wins
  event({ n: 3, user: 'mallory', ts: '2024-03-02T10:00:00.000Z', str: { plan: 'free' }, num: { load_ms: 9999 } }),
  event({ n: 4, user: 'bob', ts: '2024-03-01T10:30:00.000Z', str: { plan: 'free', page: '/café ☕', [WEIRD_KEY]: 'x' } }),
  event({ n: 5, device: 'dev-anon', ts: '2024-03-01T11:00:00.000Z', str: { page: '/home' }, num: { load_ms: 100 } }),
  event({ n: 6, name: 'buy', user: 'alice', ts: '2024-03-01T12:00:00.000Z', str: { plan: 'pro', coupon: '🎉SPRING' }, num: { price: 19.5 } }),
  event({ n: 7, name: 'buy', device: 'dev-b1', ts: '2024-03-01T13:00:00.000Z', str: { plan: 'free' }, num: { price: 5.25 } }),
  event({ n: 14, name: 'buy', user: 'bob', ts: '2024-03-01T14:00:00.000Z' }),
];

export const BATCH_B: StoredEvent[] = [
  event({ n: 8, name: 'buy', user: 'bob', ts: '2024-03-10T23:59:59.999Z', str: { plan: 'free' }, num: { price: 10 } }),
  event({ n: 9, name: 'buy', user: 'Ålice', ts: '2024-03-11T00:00:00.000Z', str: { plan: 'pro' }, num: { price: 100 } }),
  event({ n: 10, device: 'dev-c', ts: '2024-03-10T08:00:00.000Z', str: { page: '/home', plan: 'Pro' } }),
  event({ n: 11, user: 'carol', ts: '2024-03-10T09:00:00.000Z', str: { page: '/home' }, num: { load_ms: 400 } }),
  event({ n: 12, device: 'dev-a1', ts: '2024-03-11T08:00:00.000Z', str: { page: LONG_VALUE, plan: 'free' }, num: { load_ms: 250 } }),
  event({ n: 13, user: 'alice', device: 'dev-a1', ts: '2024-03-11T09:00:00.000Z', str: { page: '/home' } }),
  // a retry of an event of batch A
  event({ n: 6, name: 'buy', user: 'mallory', ts: '2024-03-05T12:00:00.000Z', num: { price: 1000 } }),
  event({ n: 15, name: LONG_NAME, user: LONG_ID, ts: '2024-03-05T12:00:00.000Z', str: { long: LONG_VALUE } }),
];

/** Project 11 reuses uuids 1–5 and device dev-a1 (linked to mallory there): none of it may leak into project 10. */
export const OTHER_BATCH: StoredEvent[] = [1, 2, 3, 4, 5].map((n) =>
  event({ n, device: 'dev-a1', ts: '2024-03-01T10:00:00.000Z', str: { plan: 'pro', page: '/home' }, num: { load_ms: 9999, price: 9999 } }, OTHER_PROJECT),
);

/** Where a fixture is loaded: an event log, and a person store when the adapter has one. */
export interface FixtureTarget {
  eventLog?: EventLog | undefined;
  people?: PersonStore | undefined;
}

/** The target's event log; a fixture cannot be loaded without one. */
export function eventLogOf(target: FixtureTarget): EventLog {
  if (!target.eventLog) throw new Error('The fixture needs an EventLog to store its events');
  return target.eventLog;
}

/**
 * Stores the first batch (after linking dev-b1→bob) and the second, without the later links. The
 * links are made only when the target has a PersonStore: cases whose answers depend on them need one.
 */
export async function loadEvents(target: FixtureTarget): Promise<void> {
  const eventLog = eventLogOf(target);
  await target.people?.linkDevice(PROJECT, 'dev-b1', 'bob');
  await eventLog.appendEvents(BATCH_A);
  await eventLog.appendEvents([...BATCH_B, ...OTHER_BATCH]);
  await target.people?.linkDevice(OTHER_PROJECT, 'dev-a1', 'mallory');
}

/** The whole fixture: the events, then the identify merges that come after them (links only with a PersonStore). */
export async function loadFixture(target: FixtureTarget): Promise<void> {
  await loadEvents(target);
  await target.people?.linkDevice(PROJECT, 'dev-a1', 'alice');
  await target.people?.linkDevice(PROJECT, 'dev-c', 'carol');
}
