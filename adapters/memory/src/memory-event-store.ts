import type { AggregateQuery, AggregateRow, AppendResult, EventStore, ReplayChunk, StoredEvent, UserProperties } from '@northstar/server';
import { copyEvent } from './copy-event.js';
import { aggregateEvents } from './memory-aggregate.js';
import { createMemoryPeople } from './memory-people.js';
import { memoryPeopleReads } from './memory-people-reads.js';
import { memoryUserDeletion } from './memory-user-deletion.js';

function copyChunk(chunk: ReplayChunk): ReplayChunk {
  const data = typeof chunk.data === 'string' ? chunk.data : new Uint8Array(chunk.data);
  return { ...chunk, data, deviceId: chunk.deviceId ?? null, userId: chunk.userId ?? null };
}

/** Events kept per project, keyed by uuid; the first copy of a uuid wins, as with a unique index. */
export function createMemoryEventStore(): EventStore & { clear(): void } {
  const projects = new Map<number, Map<string, StoredEvent>>();
  const people = createMemoryPeople();
  const replays = new Map<string, Map<number, ReplayChunk>>();

  function eventsOf(projectId: number): Map<string, StoredEvent> {
    let events = projects.get(projectId);
    if (!events) {
      events = new Map();
      projects.set(projectId, events);
    }
    return events;
  }

  /** `u:` + user id, else `u:` + the user the device is linked to, else `d:` + device id. */
  function personOf(event: StoredEvent): string | null {
    if (event.user_id !== null) return `u:${event.user_id}`;
    if (event.device_id === null) return null;
    const linked = people.linkedUser(event.project_id, event.device_id);
    return linked === undefined ? `d:${event.device_id}` : `u:${linked}`;
  }

  return {
    ...memoryPeopleReads({ projects, people, replays }),
    ...memoryUserDeletion({ projects, people, replays }),

    appendEvents(events: StoredEvent[]): Promise<AppendResult> {
      let inserted = 0;
      for (const event of events) {
        const stored = eventsOf(event.project_id);
        if (stored.has(event.uuid)) continue;
        stored.set(event.uuid, copyEvent(event));
        inserted += 1;
      }
      return Promise.resolve({ inserted, duplicates: events.length - inserted });
    },

    aggregate(query: AggregateQuery): Promise<AggregateRow[]> {
      return Promise.resolve(aggregateEvents(projects.get(query.projectId)?.values() ?? [], query, personOf));
    },

    getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined> {
      const event = projects.get(projectId)?.get(uuid);
      return Promise.resolve(event && copyEvent(event));
    },

    linkDevice: (projectId: number, deviceId: string, userId: string) => Promise.resolve(people.linkDevice(projectId, deviceId, userId)),

    setUserProperties(projectId: number, userId: string, properties: UserProperties): Promise<void> {
      people.setUserProperties(projectId, userId, properties);
      return Promise.resolve();
    },

    getUserProperties: (projectId: number, userId: string) => Promise.resolve(people.getUserProperties(projectId, userId)),

    appendReplayChunk(chunk: ReplayChunk): Promise<boolean> {
      const key = `${chunk.projectId}\u0000${chunk.sessionId}`;
      const chunks = replays.get(key) ?? new Map<number, ReplayChunk>();
      replays.set(key, chunks);
      if (chunks.has(chunk.seq)) return Promise.resolve(false);
      chunks.set(chunk.seq, copyChunk(chunk));
      return Promise.resolve(true);
    },

    listReplayChunks(projectId: number, sessionId: string): Promise<ReplayChunk[]> {
      const chunks = [...(replays.get(`${projectId}\u0000${sessionId}`)?.values() ?? [])];
      return Promise.resolve(chunks.sort((a, b) => a.seq - b.seq).map(copyChunk));
    },

    clear() {
      projects.clear();
      people.clear();
      replays.clear();
    },
  };
}
