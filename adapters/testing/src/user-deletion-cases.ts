import { expect, it } from 'vitest';
import type { EventStore, StorageAdapter } from '@northstar/server';
import { DAY1, storedEvent } from './dataset.js';
import { FROM, LONG_ID, OTHER_PROJECT, PROJECT, TO } from './fixture.js';
import { SESSIONS, belongsTo, loadPeopleFixture, loadPeopleFixtureWithout, storedEvents } from './people-dataset.js';
import { expectSameAnswers } from './same-answers.js';

/** Creates another, empty store of the kind under test (the reference a deletion is compared with). */
export type ReferenceFactory = () => StorageAdapter | Promise<StorageAdapter>;

async function replaysOf(events: EventStore) {
  return Promise.all(SESSIONS.map(async ([projectId, sessionId]) => ({ projectId, sessionId, chunks: await events.listReplayChunks(projectId, sessionId) })));
}

/** Runs `check` with a second store of the same kind, disposed afterwards. */
async function withReference(factory: ReferenceFactory, check: (reference: StorageAdapter) => Promise<void>): Promise<void> {
  const reference = await factory();
  try {
    await check(reference);
  } finally {
    await reference.dispose();
  }
}

/** `EventStore.deleteUser` (GDPR): afterwards the store answers as one that never saw the user. */
export function userDeletionCases(adapter: () => StorageAdapter, factory: ReferenceFactory): void {
  const people = [
    { who: 'alice (devices linked after their events)', userId: 'alice' },
    { who: 'bob (device linked before its events)', userId: 'bob' },
    { who: 'carol (alone on her days)', userId: 'carol' },
    { who: 'a user with an id and an event name at the length caps', userId: LONG_ID },
  ];
  it.each(people)('answers every query after deleting $who as a store that never saw that user', async ({ userId }) => {
    const { events } = adapter();
    await loadPeopleFixture(events);
    const deleted = await events.deleteUser(PROJECT, userId);
    const own = storedEvents().filter((event) => belongsTo(PROJECT, userId, event));
    expect(own.length).toBeGreaterThan(0);
    expect(deleted).toEqual({ events: own.length });

    await withReference(factory, async (reference) => {
      await loadPeopleFixtureWithout(reference.events, PROJECT, userId);
      await expectSameAnswers(events, reference.events, [PROJECT, OTHER_PROJECT]);
      expect(await replaysOf(events)).toEqual(await replaysOf(reference.events));
      expect(await events.getUserProperties(PROJECT, userId)).toEqual({});
      expect(await events.listEvents({ projectId: PROJECT, userId })).toEqual([]);

      // the devices are unlinked: their next anonymous events count as their own people, in both
      const later = [storedEvent(90, { project_id: PROJECT, event_name: 'view', device_id: 'dev-a1', timestamp: FROM + 1000 }), storedEvent(91, { project_id: PROJECT, event_name: 'view', device_id: 'dev-b1', timestamp: FROM + 2000 })];
      await events.appendEvents(later);
      await reference.events.appendEvents(later);
      await expectSameAnswers(events, reference.events, [PROJECT]);
    });
  });

  it('deletes the anonymous events of a linked device but not another user’s events on that device', async () => {
    const { events } = adapter();
    await loadPeopleFixture(events);
    await events.deleteUser(PROJECT, 'alice');
    expect(await events.listEvents({ projectId: PROJECT, deviceId: 'dev-a1' })).toEqual([]);
    const davesOnDevice = await events.listEvents({ projectId: PROJECT, userId: 'dave', deviceId: 'dev-a1' });
    expect(davesOnDevice.map((event) => event.user_id)).toEqual(['dave']);
    expect((await events.listUsers({ projectId: PROJECT, limit: 1000 })).items.map((user) => user.user_id)).not.toContain('alice');
    expect(await events.listEvents({ projectId: OTHER_PROJECT, userId: 'alice' })).toHaveLength(1);
    expect(await events.getUserProperties(OTHER_PROJECT, 'alice')).toEqual({ plan: 'other' });
    expect(await events.linkDevice(PROJECT, 'dev-a1', 'zed')).toBe('created');
  });

  it('answers { events: 0 } and changes nothing when called again, or for an unknown user', async () => {
    const { events } = adapter();
    await loadPeopleFixture(events);
    await events.deleteUser(PROJECT, 'alice');
    await withReference(factory, async (reference) => {
      await loadPeopleFixtureWithout(reference.events, PROJECT, 'alice');
      expect(await events.deleteUser(PROJECT, 'alice')).toEqual({ events: 0 });
      expect(await events.deleteUser(PROJECT, 'Alice')).toEqual({ events: 0 });
      expect(await events.deleteUser(PROJECT, 'nobody')).toEqual({ events: 0 });
      await expectSameAnswers(events, reference.events, [PROJECT, OTHER_PROJECT]);
    });
  });

  it('removes a user known only by its properties or its links', async () => {
    const { events } = adapter();
    await events.setUserProperties(1, 'props-only', { plan: 'pro' });
    await events.linkDevice(1, 'dev', 'link-only');
    await events.appendEvents([storedEvent(1, { device_id: 'dev', timestamp: DAY1 })]);
    expect(await events.deleteUser(1, 'props-only')).toEqual({ events: 0 });
    expect(await events.deleteUser(1, 'link-only')).toEqual({ events: 1 });
    expect(await events.listUsers({ projectId: 1 })).toEqual({ items: [], next: null });
    expect(await events.aggregate({ projectId: 1, events: ['$pageview'], metric: 'total', interval: 'day', from: FROM, to: TO + 30 * 86_400_000 })).toEqual([]);
  });
}
