import type { EventStep, FunnelQuery, RetentionQuery, StoredEvent } from '@northstar/server';
import { uuidNo } from './dataset.js';
import type { FixtureTarget } from './fixture.js';
import { eventLogOf } from './fixture.js';

/** The funnel dataset's project; the retention datasets' (Europe/Berlin days, America/New_York weeks). */
export const FUNNEL_PROJECT = 20;
export const BERLIN_PROJECT = 21;
export const NEW_YORK_PROJECT = 22;

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

interface Spec {
  n: number;
  name: string;
  user?: string;
  device?: string;
  ts: string;
  str?: Record<string, string>;
}

function event(projectId: number, spec: Spec): StoredEvent {
  return {
    uuid: uuidNo(spec.n),
    project_id: projectId,
    event_name: spec.name,
    user_id: spec.user ?? null,
    device_id: spec.device ?? null,
    session_id: null,
    timestamp: at(spec.ts),
    str_properties: spec.str ?? {},
    num_properties: {},
    received_at: at(spec.ts),
  };
}

const pro = { plan: 'pro' };
const free = { plan: 'free' };

/**
 * Funnel people, 2024-03-10 (UTC) unless said; steps view → signup → buy; times to convert with a 1-hour window:
 * - alice: 10:00, 10:05, 10:20 (5 min, 15 min); plan pro
 * - bob: view and signup anonymous on dev-b (linked to bob after them), buy as bob: 11:00, 11:10, 11:30; free
 * - carol: view as carol 12:00, signup anonymous on dev-c (linked to carol before it) 12:30; pro
 * - user "shared" views at 13:00; the unlinked device "shared" signs up at 13:05: another person
 * - dan: view, signup and buy at the same millisecond, uuids in the reverse order; plan "Pro"
 * - erin: 15:00, 15:30, buy at 16:00:00.000, exactly at the window's end; free
 * - frank: 15:00, 15:30, buy at 16:00:00.001; free
 * - gina: view 2024-03-09T23:59:59.999Z (before the range), signup and buy inside it
 * - hank: view 2024-03-11T23:30 (the range's last day), signup 2024-03-12T00:15 (after it)
 * - ivy: view 09:00 (free), signup 09:10; view 20:00 (pro), signup 20:50, buy 20:55
 * - jack: view 05:00 and 05:30, signup 05:40; free
 * - kim: two views at 16:30:00.000
 */
export const FUNNEL_EVENTS: StoredEvent[] = [
  event(FUNNEL_PROJECT, { n: 1, name: 'view', user: 'alice', ts: '2024-03-10T10:00:00.000Z', str: pro }),
  event(FUNNEL_PROJECT, { n: 2, name: 'signup', user: 'alice', ts: '2024-03-10T10:05:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 3, name: 'buy', user: 'alice', ts: '2024-03-10T10:20:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 4, name: 'view', device: 'dev-b', ts: '2024-03-10T11:00:00.000Z', str: free }),
  event(FUNNEL_PROJECT, { n: 5, name: 'signup', device: 'dev-b', ts: '2024-03-10T11:10:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 6, name: 'buy', user: 'bob', ts: '2024-03-10T11:30:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 7, name: 'view', user: 'carol', ts: '2024-03-10T12:00:00.000Z', str: pro }),
  event(FUNNEL_PROJECT, { n: 8, name: 'signup', device: 'dev-c', ts: '2024-03-10T12:30:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 9, name: 'view', user: 'shared', ts: '2024-03-10T13:00:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 10, name: 'signup', device: 'shared', ts: '2024-03-10T13:05:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 13, name: 'view', user: 'dan', ts: '2024-03-10T14:00:00.000Z', str: { plan: 'Pro' } }),
  event(FUNNEL_PROJECT, { n: 12, name: 'signup', user: 'dan', ts: '2024-03-10T14:00:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 11, name: 'buy', user: 'dan', ts: '2024-03-10T14:00:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 14, name: 'view', user: 'erin', ts: '2024-03-10T15:00:00.000Z', str: free }),
  event(FUNNEL_PROJECT, { n: 15, name: 'signup', user: 'erin', ts: '2024-03-10T15:30:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 16, name: 'buy', user: 'erin', ts: '2024-03-10T16:00:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 17, name: 'view', user: 'frank', ts: '2024-03-10T15:00:00.000Z', str: free }),
  event(FUNNEL_PROJECT, { n: 18, name: 'signup', user: 'frank', ts: '2024-03-10T15:30:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 19, name: 'buy', user: 'frank', ts: '2024-03-10T16:00:00.001Z' }),
  event(FUNNEL_PROJECT, { n: 20, name: 'view', user: 'gina', ts: '2024-03-09T23:59:59.999Z', str: pro }),
  event(FUNNEL_PROJECT, { n: 21, name: 'signup', user: 'gina', ts: '2024-03-10T00:10:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 22, name: 'buy', user: 'gina', ts: '2024-03-10T00:20:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 23, name: 'view', user: 'hank', ts: '2024-03-11T23:30:00.000Z', str: pro }),
  event(FUNNEL_PROJECT, { n: 24, name: 'signup', user: 'hank', ts: '2024-03-12T00:15:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 25, name: 'view', user: 'ivy', ts: '2024-03-10T09:00:00.000Z', str: free }),
  event(FUNNEL_PROJECT, { n: 26, name: 'signup', user: 'ivy', ts: '2024-03-10T09:10:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 27, name: 'view', user: 'ivy', ts: '2024-03-10T20:00:00.000Z', str: pro }),
  event(FUNNEL_PROJECT, { n: 28, name: 'signup', user: 'ivy', ts: '2024-03-10T20:50:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 29, name: 'buy', user: 'ivy', ts: '2024-03-10T20:55:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 30, name: 'view', user: 'jack', ts: '2024-03-10T05:00:00.000Z', str: free }),
  event(FUNNEL_PROJECT, { n: 31, name: 'view', user: 'jack', ts: '2024-03-10T05:30:00.000Z', str: free }),
  event(FUNNEL_PROJECT, { n: 32, name: 'signup', user: 'jack', ts: '2024-03-10T05:40:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 34, name: 'view', user: 'kim', ts: '2024-03-10T16:30:00.000Z' }),
  event(FUNNEL_PROJECT, { n: 33, name: 'view', user: 'kim', ts: '2024-03-10T16:30:00.000Z' }),
];

/** Loads the funnel dataset: dev-c is linked to carol before the events, dev-b to bob after them. */
export async function loadFunnelDataset(target: FixtureTarget): Promise<void> {
  await target.people?.linkDevice(FUNNEL_PROJECT, 'dev-c', 'carol');
  await eventLogOf(target).appendEvents(FUNNEL_EVENTS);
  await target.people?.linkDevice(FUNNEL_PROJECT, 'dev-b', 'bob');
}

export const steps = (...names: string[]): EventStep[] => names.map((event) => ({ event }));

/** The funnel query over 2024-03-10 and 2024-03-11 (UTC) with a 1-hour window. */
export function funnelQuery(overrides: Partial<FunnelQuery> = {}): FunnelQuery & { kind: 'funnel' } {
  return {
    kind: 'funnel',
    projectId: FUNNEL_PROJECT,
    steps: steps('view', 'signup', 'buy'),
    from: at('2024-03-10T00:00:00.000Z'),
    to: at('2024-03-12T00:00:00.000Z'),
    windowMs: HOUR,
    ...overrides,
  };
}

/**
 * Europe/Berlin, clocks forward on 2024-03-31 at 01:00Z: local days 03-30 [03-29T23:00Z, 03-30T23:00Z),
 * 03-31 [03-30T23:00Z, 03-31T22:00Z) (23 hours), 04-01 from 03-31T22:00Z. Everyone `open`s:
 * - r1: 03-29T23:00Z (local 03-30 00:00), 03-31T21:59:59.999Z (local 03-31 23:59:59.999), 03-31T22:00Z (local 04-01)
 * - dev-r3, linked to r1 after its events: 03-30T12:00Z, 04-02T12:00Z
 * - r2: 03-29T22:59:59.999Z (local 03-29), 03-30T23:00Z (local 03-31 00:00), 04-02T10:00Z, 04-04T10:00Z
 */
export const BERLIN_EVENTS: StoredEvent[] = [
  event(BERLIN_PROJECT, { n: 1, name: 'open', user: 'r1', ts: '2024-03-29T23:00:00.000Z' }),
  event(BERLIN_PROJECT, { n: 2, name: 'open', user: 'r1', ts: '2024-03-31T21:59:59.999Z' }),
  event(BERLIN_PROJECT, { n: 3, name: 'open', user: 'r1', ts: '2024-03-31T22:00:00.000Z' }),
  event(BERLIN_PROJECT, { n: 4, name: 'open', device: 'dev-r3', ts: '2024-03-30T12:00:00.000Z' }),
  event(BERLIN_PROJECT, { n: 5, name: 'open', device: 'dev-r3', ts: '2024-04-02T12:00:00.000Z' }),
  event(BERLIN_PROJECT, { n: 6, name: 'open', user: 'r2', ts: '2024-03-29T22:59:59.999Z' }),
  event(BERLIN_PROJECT, { n: 7, name: 'open', user: 'r2', ts: '2024-03-30T23:00:00.000Z' }),
  event(BERLIN_PROJECT, { n: 8, name: 'open', user: 'r2', ts: '2024-04-02T10:00:00.000Z' }),
  event(BERLIN_PROJECT, { n: 9, name: 'open', user: 'r2', ts: '2024-04-04T10:00:00.000Z' }),
];

/**
 * America/New_York, clocks back on 2024-11-03 at 06:00Z (a Sunday; local 11-03 lasts 25 hours): local
 * Monday weeks 10-28 [10-28T04:00Z, 11-04T05:00Z), 11-04, 11-11 (from 11-11T05:00Z), 11-18 (from 11-18T05:00Z).
 * - w1: signup 11-04T04:59:59.999Z (local Sunday 11-03 23:59:59.999), open 11-04T05:00Z (local Monday 00:00) and 11-18T04:59:59.999Z
 * - w2: signup 10-28T04:00Z (local Monday 00:00), open 10-28T05:00Z and 11-20T12:00Z
 * - w3: signup 11-05T12:00Z and 11-10T12:00Z, open 11-12T12:00Z and 11-19T12:00Z
 * - w4: signup 10-28T03:59:59.999Z (local Sunday 10-27), open 11-05T12:00Z
 */
export const NEW_YORK_EVENTS: StoredEvent[] = [
  event(NEW_YORK_PROJECT, { n: 1, name: 'signup', user: 'w1', ts: '2024-11-04T04:59:59.999Z' }),
  event(NEW_YORK_PROJECT, { n: 2, name: 'open', user: 'w1', ts: '2024-11-04T05:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 3, name: 'open', user: 'w1', ts: '2024-11-18T04:59:59.999Z' }),
  event(NEW_YORK_PROJECT, { n: 4, name: 'signup', user: 'w2', ts: '2024-10-28T04:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 5, name: 'open', user: 'w2', ts: '2024-10-28T05:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 6, name: 'open', user: 'w2', ts: '2024-11-20T12:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 7, name: 'signup', user: 'w3', ts: '2024-11-05T12:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 8, name: 'signup', user: 'w3', ts: '2024-11-10T12:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 9, name: 'open', user: 'w3', ts: '2024-11-12T12:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 10, name: 'open', user: 'w3', ts: '2024-11-19T12:00:00.000Z' }),
  event(NEW_YORK_PROJECT, { n: 11, name: 'signup', user: 'w4', ts: '2024-10-28T03:59:59.999Z' }),
  event(NEW_YORK_PROJECT, { n: 12, name: 'open', user: 'w4', ts: '2024-11-05T12:00:00.000Z' }),
];

/** Loads both retention datasets; dev-r3 is linked to r1 after its events. */
export async function loadRetentionDatasets(target: FixtureTarget): Promise<void> {
  await eventLogOf(target).appendEvents([...BERLIN_EVENTS, ...NEW_YORK_EVENTS]);
  await target.people?.linkDevice(BERLIN_PROJECT, 'dev-r3', 'r1');
}

/** A retention query; `from`/`to` are the local midnights of the range's first day and of the day after its last. */
export function retentionQuery(
  overrides: Partial<RetentionQuery> & Pick<RetentionQuery, 'projectId' | 'from' | 'to' | 'timeZone'>,
): RetentionQuery & { kind: 'retention' } {
  return { kind: 'retention', start: { event: 'open' }, return: { event: 'open' }, period: 'day', periods: 3, ...overrides };
}
