import { expect, it } from 'vitest';
import type { ReplayStore, StoragePorts } from '@northstar/server';
import type { ConformanceContext, PortAdapter, StorageFactory } from './conformance-context.js';
import { portsOf } from './conformance-context.js';
import { DAY1, storedEvent } from './dataset.js';
import { FROM, LONG_ID, OTHER_PROJECT, PROJECT, TO } from './fixture.js';
import { SESSIONS, belongsTo, loadPeopleFixture, loadPeopleFixtureWithout, storedEvents } from './people-dataset.js';
import { expectSameAnswers } from './same-answers.js';

async function replaysOf(replays: ReplayStore) {
  return Promise.all(
    SESSIONS.map(async ([projectId, sessionId]) => ({
      projectId,
      sessionId,
      chunks: await replays.listReplayChunks(projectId, sessionId),
      session: await replays.getReplaySession(projectId, sessionId),
    })),
  );
}

/** Runs `check` with a second store of the same kind (seen as its ports), disposed afterwards. */
async function withReference(factory: StorageFactory, check: (reference: StoragePorts) => Promise<void>): Promise<void> {
  const reference: PortAdapter = await factory();
  try {
    await check(portsOf(reference));
  } finally {
    await reference.dispose();
  }
}

/**
 * `PersonStore.deleteUser` (GDPR): afterwards the adapter answers as one that never saw the user.
 * Needs the adapter's `eventLog`, `queryEngine` and `replays`, whose data the deletion covers.
 */
export function userDeletionCases({ ports, factory }: ConformanceContext): void {
  const people = [
    { who: 'alice (devices linked after their events)', userId: 'alice' },
    { who: 'bob (device linked before its events)', userId: 'bob' },
    { who: 'carol (alone on her days)', userId: 'carol' },
    { who: 'a user with an id and an event name at the length caps', userId: LONG_ID },
  ];
  it.each(people)(
    'answers every query after deleting $who as a store that never saw that user',
    async ({ userId }) => {
      const storage = ports();
      await loadPeopleFixture(storage);
      const deleted = await storage.people.deleteUser(PROJECT, userId);
      const own = storedEvents().filter((event) => belongsTo(PROJECT, userId, event));
      expect(own.length).toBeGreaterThan(0);
      expect(deleted).toEqual({ events: own.length });

      await withReference(factory, async (reference) => {
        await loadPeopleFixtureWithout(reference, PROJECT, userId);
        await expectSameAnswers(storage, reference, [PROJECT, OTHER_PROJECT]);
        expect(await replaysOf(storage.replays)).toEqual(await replaysOf(reference.replays));
        expect(await storage.people.getUserProperties(PROJECT, userId)).toEqual({});
        expect(await storage.queryEngine.run({ kind: 'events', projectId: PROJECT, userId })).toEqual([]);

        // the devices are unlinked: their next anonymous events count as their own people, in both
        const later = [
          storedEvent(90, { project_id: PROJECT, event_name: 'view', device_id: 'dev-a1', timestamp: FROM + 1000 }),
          storedEvent(91, { project_id: PROJECT, event_name: 'view', device_id: 'dev-b1', timestamp: FROM + 2000 }),
        ];
        await storage.eventLog.appendEvents(later);
        await reference.eventLog.appendEvents(later);
        await expectSameAnswers(storage, reference, [PROJECT]);
      });
    },
    // two stores loaded and the whole battery asked of each, twice: over 5 s on a busy MySQL
    30_000,
  );

  it('deletes the anonymous events of a linked device but not another user’s events on that device', async () => {
    const storage = ports();
    await loadPeopleFixture(storage);
    await storage.people.deleteUser(PROJECT, 'alice');
    expect(await storage.queryEngine.run({ kind: 'events', projectId: PROJECT, deviceId: 'dev-a1' })).toEqual([]);
    const davesOnDevice = await storage.queryEngine.run({ kind: 'events', projectId: PROJECT, userId: 'dave', deviceId: 'dev-a1' });
    expect(davesOnDevice.map((event) => event.user_id)).toEqual(['dave']);
    expect((await storage.people.listUsers({ projectId: PROJECT, limit: 1000 })).items.map((user) => user.user_id)).not.toContain('alice');
    expect(await storage.queryEngine.run({ kind: 'events', projectId: OTHER_PROJECT, userId: 'alice' })).toHaveLength(1);
    expect(await storage.people.getUserProperties(OTHER_PROJECT, 'alice')).toEqual({ plan: 'other' });
    expect(await storage.people.linkDevice(PROJECT, 'dev-a1', 'zed')).toBe('created');
  });

  it('answers { events: 0 } and changes nothing when called again, or for an unknown user', async () => {
    const storage = ports();
    await loadPeopleFixture(storage);
    await storage.people.deleteUser(PROJECT, 'alice');
    await withReference(factory, async (reference) => {
      await loadPeopleFixtureWithout(reference, PROJECT, 'alice');
      expect(await storage.people.deleteUser(PROJECT, 'alice')).toEqual({ events: 0 });
      expect(await storage.people.deleteUser(PROJECT, 'Alice')).toEqual({ events: 0 });
      expect(await storage.people.deleteUser(PROJECT, 'nobody')).toEqual({ events: 0 });
      await expectSameAnswers(storage, reference, [PROJECT, OTHER_PROJECT]);
    });
  });

  it('removes a user known only by its properties or its links', async () => {
    const storage = ports();
    await storage.people.setUserProperties(1, 'props-only', { plan: 'pro' });
    await storage.people.linkDevice(1, 'dev', 'link-only');
    await storage.eventLog.appendEvents([storedEvent(1, { device_id: 'dev', timestamp: DAY1 })]);
    expect(await storage.people.deleteUser(1, 'props-only')).toEqual({ events: 0 });
    expect(await storage.people.deleteUser(1, 'link-only')).toEqual({ events: 1 });
    expect(await storage.people.listUsers({ projectId: 1 })).toEqual({ items: [], next: null });
    expect(
      await storage.queryEngine.run({
        kind: 'segmentation',
        projectId: 1,
        events: ['$pageview'],
        metric: 'total',
        interval: 'day',
        from: FROM,
        to: TO + 30 * 86_400_000,
      }),
    ).toEqual([]);
  });
}
