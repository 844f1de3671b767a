import { describe, expect, it } from 'vitest';
import type { AggregateQuery, EngineQuery } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { DAY1, DAY2, HOUR, storedEvent, uuidNo } from './dataset.js';
import { projectDeletionCases } from './project-deletion-cases.js';

const DAY3 = DAY2 + 24 * HOUR;

/** A segmentation query of `$pageview` totals per day over the two days of `dataset.ts`. */
export function pageviews(overrides: Partial<AggregateQuery> = {}): EngineQuery & { kind: 'segmentation' } {
  return { kind: 'segmentation', projectId: 1, events: ['$pageview'], metric: 'total', interval: 'day', from: DAY1, to: DAY3, ...overrides };
}

/**
 * `EventLog`: idempotent appends, events read back as stored, projects apart, project deletion.
 * Checks through the engine need `queryEngine`; deleting a project with every event-side port needs them all.
 */
export function eventLogCases(context: ConformanceContext): void {
  const { ports, provides } = context;
  if (provides('queryEngine')) {
    it('stores a duplicate uuid once across batches', async () => {
      const { eventLog, queryEngine } = ports();
      expect(await eventLog.appendEvents([storedEvent(1)])).toEqual({ inserted: 1, duplicates: 0 });
      expect(await eventLog.appendEvents([storedEvent(1)])).toEqual({ inserted: 0, duplicates: 1 });
      expect(await queryEngine.run(pageviews())).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 1 }]);
    });

    it('stores a uuid repeated within one batch once', async () => {
      const { eventLog, queryEngine } = ports();
      expect(await eventLog.appendEvents([storedEvent(1), storedEvent(2), storedEvent(1)])).toEqual({ inserted: 2, duplicates: 1 });
      expect(await queryEngine.run(pageviews())).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
    });
  }

  it('keeps the first copy of a duplicate uuid', async () => {
    const { eventLog } = ports();
    await eventLog.appendEvents([storedEvent(1, { event_name: 'first' })]);
    await eventLog.appendEvents([storedEvent(1, { event_name: 'second' })]);
    expect((await eventLog.getEvent(1, uuidNo(1)))?.event_name).toBe('first');
  });

  if (provides('queryEngine')) {
    it('never shows one project the events of another, even under the same uuid', async () => {
      const { eventLog, queryEngine } = ports();
      expect(await eventLog.appendEvents([storedEvent(1, { project_id: 1 }), storedEvent(1, { project_id: 2 }), storedEvent(2, { project_id: 2 })])).toEqual({
        inserted: 3,
        duplicates: 0,
      });
      expect(await queryEngine.run(pageviews({ projectId: 1 }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 1 }]);
      expect(await queryEngine.run(pageviews({ projectId: 2 }))).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
      expect(await queryEngine.run(pageviews({ projectId: 3 }))).toEqual([]);
      expect(await eventLog.getEvent(3, uuidNo(1))).toBeUndefined();
    });

    it('round-trips unicode and emoji in names, ids and property values', async () => {
      const { eventLog, queryEngine } = ports();
      const event = storedEvent(1, {
        event_name: 'café ☕ 🎉',
        user_id: 'ユーザー👩‍💻',
        session_id: 's-𝔘',
        str_properties: { 'clé 🔑': 'välue 🚀 with 𝔘 and \u0000-free text', plain: '' },
        num_properties: { price: 19.99, negative: -3, big: 2 ** 53 - 1 },
      });
      await eventLog.appendEvents([event]);
      expect(await eventLog.getEvent(1, event.uuid)).toEqual(event);
      expect(await queryEngine.run(pageviews({ events: ['café ☕ 🎉'], metric: 'uniq' }))).toEqual([{ event: 'café ☕ 🎉', bucket: '2024-03-10', value: 1 }]);
    });
  }

  it('does not let a caller mutate stored events through its own objects', async () => {
    const { eventLog } = ports();
    const event = storedEvent(1, { str_properties: { plan: 'free' } });
    await eventLog.appendEvents([event]);
    event.str_properties.plan = 'changed';
    expect((await eventLog.getEvent(1, uuidNo(1)))?.str_properties).toEqual({ plan: 'free' });
  });

  it('deletes the events of one project and answers how many, leaving other projects alone', async () => {
    const { eventLog } = ports();
    await eventLog.appendEvents([storedEvent(1, { project_id: 1 }), storedEvent(2, { project_id: 1 }), storedEvent(1, { project_id: 2 })]);
    expect(await eventLog.deleteProject(1)).toBe(2);
    expect(await eventLog.getEvent(1, uuidNo(1))).toBeUndefined();
    expect(await eventLog.getEvent(1, uuidNo(2))).toBeUndefined();
    expect((await eventLog.getEvent(2, uuidNo(1)))?.project_id).toBe(2);
    expect(await eventLog.deleteProject(1)).toBe(0);
    expect(await eventLog.appendEvents([storedEvent(1, { project_id: 1 })])).toEqual({ inserted: 1, duplicates: 0 });
  });

  if (!provides('people')) {
    it('deletes a person’s events apart from any PersonStore: its own and the anonymous ones of the devices given, in its project', async () => {
      const { eventLog } = ports();
      if (!eventLog.deletePersonEvents) throw new Error('An EventLog without a PersonStore beside it must provide deletePersonEvents (GDPR)');
      await eventLog.appendEvents([
        storedEvent(1, { user_id: 'u1' }),
        storedEvent(2, { device_id: 'd1' }),
        storedEvent(3, { user_id: 'u2', device_id: 'd1' }),
        storedEvent(4, { device_id: 'd2' }),
        storedEvent(5, { project_id: 2, user_id: 'u1' }),
      ]);
      expect(await eventLog.deletePersonEvents({ projectId: 1, userId: 'u1', deviceIds: ['d1'] })).toBe(2);
      expect(await eventLog.getEvent(1, uuidNo(1))).toBeUndefined();
      expect(await eventLog.getEvent(1, uuidNo(2))).toBeUndefined();
      expect((await eventLog.getEvent(1, uuidNo(3)))?.user_id).toBe('u2');
      expect((await eventLog.getEvent(1, uuidNo(4)))?.device_id).toBe('d2');
      expect((await eventLog.getEvent(2, uuidNo(5)))?.user_id).toBe('u1');
      expect(await eventLog.deletePersonEvents({ projectId: 1, userId: 'u1', deviceIds: ['d1'] })).toBe(0);
    });
  }

  if (provides('queryEngine', 'people', 'replays')) describe('deleting a project through every port', () => projectDeletionCases(context));
}
