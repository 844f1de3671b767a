import type { EventStore, StorageAdapter, StoragePorts } from '../ports/index.js';

type EventPorts = Pick<StoragePorts, 'eventLog' | 'queryEngine' | 'people' | 'replays'>;

/**
 * The four event ports over wave 1's single `EventStore`, for adapters that do not provide them yet.
 * Every method looks `events` up at call time, so whatever replaces one of its methods later is used.
 * @deprecated removed together with `StorageAdapter.events`.
 */
function portsOfEventStore(storage: { events: EventStore }): EventPorts {
  const events = (): EventStore => storage.events;
  return {
    eventLog: {
      appendEvents: (batch) => events().appendEvents(batch),
      getEvent: (projectId, uuid) => events().getEvent(projectId, uuid),
      // Wave 1 deletes all of a project's data at once: the other ports have nothing left to delete.
      deleteProject: (projectId) => events().deleteProjectData(projectId),
    },
    queryEngine: {
      run: (query) => (query.kind === 'segmentation' ? events().aggregate(query) : events().listEvents(query)),
    },
    people: {
      linkDevice: (projectId, deviceId, userId) => events().linkDevice(projectId, deviceId, userId),
      linkedDevices: () => Promise.reject(new TypeError('linkedDevices needs an adapter that provides the PersonStore port')),
      setUserProperties: (projectId, userId, properties) => events().setUserProperties(projectId, userId, properties),
      getUserProperties: (projectId, userId) => events().getUserProperties(projectId, userId),
      listUsers: (request) => events().listUsers(request),
      deleteUser: (projectId, userId) => events().deleteUser(projectId, userId),
      deleteProject: () => Promise.resolve(),
    },
    replays: {
      appendReplayChunk: (chunk) => events().appendReplayChunk(chunk),
      listReplayChunks: (projectId, sessionId) => events().listReplayChunks(projectId, sessionId),
      deleteProject: () => Promise.resolve(0),
    },
  };
}

/**
 * The adapter with the event ports it lacks served by its legacy `events` store (the ports it has are
 * kept). The adapter itself is unchanged.
 * @deprecated a bridge while adapters move to the ports; removed together with `StorageAdapter.events`.
 */
export function withLegacyPorts<S extends StorageAdapter>(storage: S): S {
  const names = ['eventLog', 'queryEngine', 'people', 'replays'] as const;
  if (!storage.events || names.every((name) => storage[name] !== undefined)) return storage;
  const legacy = portsOfEventStore(storage);
  return new Proxy(storage, {
    get(target, property, receiver) {
      const own: unknown = Reflect.get(target, property, receiver);
      if (own === undefined && (names as readonly PropertyKey[]).includes(property)) return legacy[property as keyof EventPorts];
      return own;
    },
  });
}
