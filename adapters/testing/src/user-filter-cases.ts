import { expect, it } from 'vitest';
import type { AggregateQuery, EngineQuery, PropertyFilter, StoredEvent } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { uuidNo } from './dataset.js';
import { rowTable } from './row-table.js';

const PROJECT = 33;
const FROM = Date.parse('2026-02-02T00:00:00Z');
const TO = Date.parse('2026-02-04T00:00:00Z');

let next = 4000;
function visit(iso: string, user: string | null, device: string | null = null): StoredEvent {
  const at = Date.parse(iso);
  return {
    uuid: uuidNo(next++),
    project_id: PROJECT,
    event_name: 'visit',
    user_id: user,
    device_id: device,
    session_id: null,
    timestamp: at,
    str_properties: { plan: 'event-plan' },
    num_properties: {},
    received_at: at,
  };
}

/**
 * 2026-02-02: alice twice (plan pro, seats 5, beta true), bob (plan free, seats "5" as text, company
 * "Acme Pro"), device dev-c (carol's once linked: plan pro), device dev-x (nobody's); 2026-02-03: dave
 * (no properties). Every event carries an event property plan = event-plan, which user filters ignore.
 */
const EVENTS: StoredEvent[] = [
  visit('2026-02-02T09:00:00Z', 'alice'),
  visit('2026-02-02T10:00:00Z', 'alice'),
  visit('2026-02-02T11:00:00Z', 'bob'),
  visit('2026-02-02T12:00:00Z', null, 'dev-c'),
  visit('2026-02-02T13:00:00Z', null, 'dev-x'),
  visit('2026-02-03T09:00:00Z', 'dave'),
];

function query(overrides: Partial<AggregateQuery>): EngineQuery & { kind: 'segmentation' } {
  return { kind: 'segmentation', projectId: PROJECT, events: ['visit'], metric: 'total', interval: 'day', from: FROM, to: TO, ...overrides };
}

const USER_FILTERS: [string, PropertyFilter, Record<string, number>][] = [
  ['eq on a string', { property: 'plan', op: 'eq', value: 'pro' }, { 'visit 2026-02-02': 2 }],
  ['neq, users without the property included', { property: 'plan', op: 'neq', value: 'pro' }, { 'visit 2026-02-02': 3, 'visit 2026-02-03': 1 }],
  ['eq on a number, never a text of digits', { property: 'seats', op: 'eq', value: 5 }, { 'visit 2026-02-02': 2 }],
  ['eq on a text of digits, never a number', { property: 'seats', op: 'eq', value: '5' }, { 'visit 2026-02-02': 1 }],
  ['gt on a number', { property: 'seats', op: 'gt', value: 4 }, { 'visit 2026-02-02': 2 }],
  ['contains, case-sensitive', { property: 'company', op: 'contains', value: 'Pro' }, { 'visit 2026-02-02': 1 }],
  ['contains matching no case-folded value', { property: 'company', op: 'contains', value: 'pro' }, {}],
  ['is_set on a boolean', { property: 'beta', op: 'is_set' }, { 'visit 2026-02-02': 2 }],
  ['a text never matching a boolean', { property: 'beta', op: 'eq', value: 'true' }, {}],
];

/** `userFilters`: filters on the current properties of each event's user, reached through device links (needs `people`). */
export function userFilterCases({ ports }: ConformanceContext): void {
  const load = async () => {
    const { eventLog, people } = ports();
    await eventLog.appendEvents(EVENTS);
    await people.setUserProperties(PROJECT, 'alice', { plan: 'pro', seats: 5, beta: true });
    await people.setUserProperties(PROJECT, 'bob', { plan: 'free', seats: '5', company: 'Acme Pro' });
    await people.setUserProperties(PROJECT, 'carol', { plan: 'pro' });
  };

  it.each(USER_FILTERS)('filters on user properties with %s', async (_name, filter, expected) => {
    await load();
    expect(rowTable(await ports().queryEngine.run(query({ userFilters: [filter] })))).toEqual(expected);
  });

  it("reads an anonymous event's user through its device link, made before or after the event", async () => {
    await load();
    const { queryEngine, people } = ports();
    const pro = query({ userFilters: [{ property: 'plan', op: 'eq', value: 'pro' }] });
    const notPro = query({ userFilters: [{ property: 'plan', op: 'neq', value: 'pro' }] });
    expect(rowTable(await queryEngine.run({ ...pro, metric: 'uniq' }))).toEqual({ 'visit 2026-02-02': 1 });
    await people.linkDevice(PROJECT, 'dev-c', 'carol');
    expect(rowTable(await queryEngine.run(pro))).toEqual({ 'visit 2026-02-02': 3 });
    expect(rowTable(await queryEngine.run({ ...pro, metric: 'uniq' }))).toEqual({ 'visit 2026-02-02': 2 });
    expect(rowTable(await queryEngine.run(notPro))).toEqual({ 'visit 2026-02-02': 2, 'visit 2026-02-03': 1 });
    expect(rowTable(await queryEngine.run({ ...pro, interval: 'hour' }))).toEqual({
      'visit 2026-02-02T09:00:00+00:00': 1,
      'visit 2026-02-02T10:00:00+00:00': 1,
      'visit 2026-02-02T12:00:00+00:00': 1,
    });
  });

  it('combines user filters with event filters, group-by and active people', async () => {
    await load();
    const { queryEngine } = ports();
    const pro: PropertyFilter[] = [{ property: 'plan', op: 'eq', value: 'pro' }];
    const eventPlan: PropertyFilter[] = [{ property: 'plan', op: 'eq', value: 'event-plan' }];
    expect(rowTable(await queryEngine.run(query({ filters: eventPlan, userFilters: pro })))).toEqual({ 'visit 2026-02-02': 2 });
    expect(rowTable(await queryEngine.run(query({ filters: pro, userFilters: pro })))).toEqual({});
    expect(rowTable(await queryEngine.run(query({ userFilters: pro, groupBy: { property: 'plan', limit: 5 } })))).toEqual({ 'visit 2026-02-02 event-plan': 2 });
    expect(rowTable(await queryEngine.run(query({ metric: 'wau', userFilters: pro })))).toEqual({ 'visit 2026-02-02': 1, 'visit 2026-02-03': 1 });
    // the user's current properties count, not those when the event happened
    await ports().people.setUserProperties(PROJECT, 'alice', { plan: null });
    expect(rowTable(await queryEngine.run(query({ userFilters: pro })))).toEqual({});
  });
}
