import { expect, it } from 'vitest';
import type { AggregateQuery, StorageAdapter } from '@northstar/server';
import { DAY1, DAY2, HOUR, storedEvent, twoDayDataset, uuidNo } from './dataset.js';
import { sortRows } from './sort-rows.js';

const DAY3 = DAY2 + 24 * HOUR;

function query(overrides: Partial<AggregateQuery> = {}): AggregateQuery {
  return { projectId: 1, events: ['$pageview'], metric: 'total', interval: 'day', from: DAY1, to: DAY3, ...overrides };
}

/** EventStore cases; `adapter()` is a fresh adapter for the running test. */
export function eventStoreCases(adapter: () => StorageAdapter): void {
  it('stores a duplicate uuid once across batches', async () => {
    const { events } = adapter();
    expect(await events.appendEvents([storedEvent(1)])).toEqual({ inserted: 1, duplicates: 0 });
    expect(await events.appendEvents([storedEvent(1)])).toEqual({ inserted: 0, duplicates: 1 });
    expect(await events.aggregate(query())).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 1 }]);
  });

  it('stores a uuid repeated within one batch once', async () => {
    const { events } = adapter();
    expect(await events.appendEvents([storedEvent(1), storedEvent(2), storedEvent(1)])).toEqual({ inserted: 2, duplicates: 1 });
    expect(await events.aggregate(query())).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
  });

  it('keeps the first copy of a duplicate uuid', async () => {
    const { events } = adapter();
    await events.appendEvents([storedEvent(1, { event_name: 'first' })]);
    await events.appendEvents([storedEvent(1, { event_name: 'second' })]);
    expect((await events.getEvent(1, uuidNo(1)))?.event_name).toBe('first');
  });

  it('never shows one project the events of another, even under the same uuid', async () => {
    const { events } = adapter();
    expect(await events.appendEvents([storedEvent(1, { project_id: 1 }), storedEvent(1, { project_id: 2 }), storedEvent(2, { project_id: 2 })])).toEqual({
      inserted: 3,
      duplicates: 0,
    });
    expect(await events.aggregate(query({ projectId: 1 }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 1 }]);
    expect(await events.aggregate(query({ projectId: 2 }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
    expect(await events.aggregate(query({ projectId: 3 }))).toEqual([]);
    expect(await events.getEvent(3, uuidNo(1))).toBeUndefined();
  });

  it('counts distinct people (user_id, else device_id) for uniq and events for total, per UTC day', async () => {
    const { events } = adapter();
    await events.appendEvents([...twoDayDataset(1), ...twoDayDataset(2)]);
    const both = { events: ['$pageview', 'signup'] };
    expect(sortRows(await events.aggregate(query({ ...both, metric: 'uniq' })))).toEqual([
      { event: '$pageview', bucket: '2024-03-10', value: 3 },
      { event: '$pageview', bucket: '2024-03-11', value: 1 },
      { event: 'signup', bucket: '2024-03-11', value: 1 },
    ]);
    expect(sortRows(await events.aggregate(query({ ...both, metric: 'total' })))).toEqual([
      { event: '$pageview', bucket: '2024-03-10', value: 4 },
      { event: '$pageview', bucket: '2024-03-11', value: 1 },
      { event: 'signup', bucket: '2024-03-11', value: 1 },
    ]);
  });

  it('returns only the requested events and only non-empty buckets', async () => {
    const { events } = adapter();
    await events.appendEvents(twoDayDataset(1));
    expect(await events.aggregate(query({ events: ['signup'], metric: 'uniq' }))).toEqual([{ event: 'signup', bucket: '2024-03-11', value: 1 }]);
    expect(await events.aggregate(query({ events: ['never-sent'] }))).toEqual([]);
  });

  it('puts 23:59:59.999Z in its own day and 00:00:00.000Z in the next', async () => {
    const { events } = adapter();
    await events.appendEvents([storedEvent(1, { timestamp: DAY2 - 1 }), storedEvent(2, { timestamp: DAY2 })]);
    expect(sortRows(await events.aggregate(query()))).toEqual([
      { event: '$pageview', bucket: '2024-03-10', value: 1 },
      { event: '$pageview', bucket: '2024-03-11', value: 1 },
    ]);
  });

  it('includes events at `from` and excludes events before it or at `to`', async () => {
    const { events } = adapter();
    await events.appendEvents([
      storedEvent(1, { timestamp: DAY1 - 1 }),
      storedEvent(2, { timestamp: DAY1 }),
      storedEvent(3, { timestamp: DAY2 - 1 }),
      storedEvent(4, { timestamp: DAY2 }),
    ]);
    expect(await events.aggregate(query({ from: DAY1, to: DAY2 }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
  });

  it('treats ids that differ only in case or accents as different people', async () => {
    const { events } = adapter();
    await events.appendEvents(['user', 'User', 'usér', 'user '].map((id, n) => storedEvent(n + 1, { user_id: id })));
    expect(await events.aggregate(query({ metric: 'uniq' }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 4 }]);
  });

  it('round-trips unicode and emoji in names, ids and property values', async () => {
    const { events } = adapter();
    const event = storedEvent(1, {
      event_name: 'café ☕ 🎉',
      user_id: 'ユーザー👩‍💻',
      session_id: 's-𝔘',
      str_properties: { 'clé 🔑': 'välue 🚀 with 𝔘 and \u0000-free text', plain: '' },
      num_properties: { price: 19.99, negative: -3, big: 2 ** 53 - 1 },
    });
    await events.appendEvents([event]);
    expect(await events.getEvent(1, event.uuid)).toEqual(event);
    expect(await events.aggregate(query({ events: ['café ☕ 🎉'], metric: 'uniq' }))).toEqual([{ event: 'café ☕ 🎉', bucket: '2024-03-10', value: 1 }]);
  });

  it('does not let a caller mutate stored events through its own objects', async () => {
    const { events } = adapter();
    const event = storedEvent(1, { str_properties: { plan: 'free' } });
    await events.appendEvents([event]);
    event.str_properties.plan = 'changed';
    expect((await events.getEvent(1, uuidNo(1)))?.str_properties).toEqual({ plan: 'free' });
  });
}
