import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { composeStorage, createNorthstarRouter, MissingPortError } from '@northstar/server';
import type { EventLog, PersonStore, PortSource, ReplayStore, StorageAdapter } from '@northstar/server';
import { eraseUser } from '../src/services/users/erase-user.js';

/** An adapter lending only an event log and a query engine, recording what is called on it. */
function eventsOnly(name: string, log: Partial<EventLog> = {}): PortSource & { calls: string[] } {
  const calls: string[] = [];
  return {
    name,
    calls,
    eventLog: {
      appendEvents: () => Promise.resolve({ inserted: 0, duplicates: 0 }),
      getEvent: () => Promise.resolve(undefined),
      deleteProject: () => Promise.resolve(0),
      deletePersonEvents: (person) => {
        calls.push(`deletePersonEvents ${person.userId} ${person.deviceIds.join(',')}`);
        return Promise.resolve(3);
      },
      ...log,
    },
    queryEngine: { run: () => Promise.resolve([]) },
    dispose: vi.fn(() => {
      calls.push('dispose');
      return Promise.resolve();
    }),
  };
}

/** A person store that records the order of the calls a GDPR deletion makes. */
function recordingPeople(calls: string[]): PersonStore {
  return {
    linkDevice: () => Promise.resolve('created'),
    linkedDevices: (_projectId, userId) => {
      calls.push(`linkedDevices ${userId}`);
      return Promise.resolve(['d1', 'd2']);
    },
    setUserProperties: () => Promise.resolve(),
    getUserProperties: () => Promise.resolve({}),
    listUsers: () => Promise.resolve({ items: [], next: null }),
    deleteUser: (_projectId, userId) => {
      calls.push(`deleteUser ${userId}`);
      return Promise.resolve({ events: 1 });
    },
    deleteProject: () => Promise.resolve(),
  };
}

const replays: ReplayStore = {
  appendReplayChunk: () => Promise.resolve(true),
  listReplayChunks: () => Promise.resolve([]),
  listReplaySessions: () => Promise.resolve([]),
  getReplaySession: () => Promise.resolve(null),
  deleteReplaySessionsEndedBefore: () => Promise.resolve(0),
  deleteProject: () => Promise.resolve(0),
};

describe('composeStorage', () => {
  it('takes each named port from its adapter and every other port from the base', () => {
    const base = createMemoryStorage();
    const columnar = eventsOnly('columnar');
    const storage = composeStorage(base, { eventLog: columnar, queryEngine: columnar });
    expect(storage.eventLog).toBe(columnar.eventLog);
    expect(storage.queryEngine).toBe(columnar.queryEngine);
    expect(storage.config).toBe(base.config);
    expect(storage.rateLimits).toBe(base.rateLimits);
    expect(storage.name).toBe('memory+columnar');
    expect(storage.detachedFromPeople).toEqual(['eventLog']);
  });

  it('disposes each distinct adapter once', async () => {
    const base = createMemoryStorage();
    const baseDispose = vi.spyOn(base, 'dispose');
    const columnar = eventsOnly('columnar');
    await composeStorage(base, { eventLog: columnar, queryEngine: columnar }).dispose();
    expect(baseDispose).toHaveBeenCalledTimes(1);
    expect(columnar.dispose).toHaveBeenCalledTimes(1);
  });

  it('disposes every adapter even when one fails, then reports the failure', async () => {
    const base = createMemoryStorage();
    const baseDispose = vi.spyOn(base, 'dispose');
    const columnar = { ...eventsOnly('columnar'), dispose: () => Promise.reject(new Error('socket closed')) };
    await expect(composeStorage(base, { eventLog: columnar, queryEngine: columnar }).dispose()).rejects.toThrow('socket closed');
    expect(baseDispose).toHaveBeenCalledTimes(1);
  });

  it('refuses an adapter named for a port it does not have', () => {
    expect(() => composeStorage(createMemoryStorage(), { people: eventsOnly('columnar') })).toThrow('composeStorage: columnar has no people port');
  });

  it('refuses an event log and a query engine from different adapters', () => {
    expect(() => composeStorage(createMemoryStorage(), { eventLog: eventsOnly('columnar') })).toThrow(
      /eventLog comes from columnar but queryEngine from memory/,
    );
  });

  it('refuses an event log apart from the person store when it cannot delete a person', () => {
    const columnar = eventsOnly('columnar');
    delete columnar.eventLog?.deletePersonEvents;
    expect(() => composeStorage(createMemoryStorage(), { eventLog: columnar, queryEngine: columnar })).toThrow(/has no deletePersonEvents/);
  });

  it('refuses a replay store apart from the person store when it cannot delete a person', () => {
    const archive: PortSource = { name: 'archive', replays, dispose: () => Promise.resolve() };
    expect(() => composeStorage(createMemoryStorage(), { replays: archive })).toThrow(/replays of archive .* has no deletePersonSessions/);
  });
});

describe('the router and its ports', () => {
  it('names the ports it is missing when it is created', () => {
    const { name, config, dispose } = createMemoryStorage();
    const partial = { name, config, dispose, eventLog: eventsOnly('x').eventLog } as unknown as StorageAdapter;
    expect(() => createNorthstarRouter({ storage: partial, jwtSecret: 'a'.repeat(32) })).toThrow(MissingPortError);
    expect(() => createNorthstarRouter({ storage: partial, jwtSecret: 'a'.repeat(32) })).toThrow(/does not provide "queryEngine", "people", "replays"/);
  });
});

describe('GDPR deletion across adapters', () => {
  it('reads the linked devices, deletes the person, then its events from the event log kept apart', async () => {
    const columnar = eventsOnly('columnar');
    const people = recordingPeople(columnar.calls);
    const deletion = await eraseUser({ people, eventLog: columnar.eventLog as EventLog, replays, detachedFromPeople: ['eventLog'] }, 1, 'u1');
    expect(columnar.calls).toEqual(['linkedDevices u1', 'deleteUser u1', 'deletePersonEvents u1 d1,d2']);
    expect(deletion).toEqual({ events: 4 });
  });

  it('leaves the deletion to the person store alone when every port shares its adapter', async () => {
    const columnar = eventsOnly('columnar');
    const people = recordingPeople(columnar.calls);
    await eraseUser({ people, eventLog: columnar.eventLog as EventLog, replays }, 1, 'u1');
    expect(columnar.calls).toEqual(['deleteUser u1']);
  });
});
