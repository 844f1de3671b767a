import type { QueryEngine, StoredEvent } from '../../ports/index.js';
import type { PersonIds } from '../flags/flag-person.js';

/** Events read per person and per read: the newest this many. */
export const PERSON_EVENTS_READ = 1000;

/**
 * The person's newest events named `eventNames`: those of the user (its own and its linked devices') and
 * those of the device (which may not be linked yet), read in the database; an event may appear twice.
 */
export async function personEvents(engine: QueryEngine, projectId: number, ids: PersonIds, eventNames: readonly string[]): Promise<StoredEvent[]> {
  const events = [...eventNames];
  const reads = [];
  if (ids.user_id) reads.push(engine.run({ kind: 'events', projectId, userId: ids.user_id, events, limit: PERSON_EVENTS_READ }));
  if (ids.device_id) reads.push(engine.run({ kind: 'events', projectId, deviceId: ids.device_id, events, limit: PERSON_EVENTS_READ }));
  return (await Promise.all(reads)).flat();
}
