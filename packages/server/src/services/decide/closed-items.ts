import type { QueryEngine } from '../../ports/index.js';
import type { PersonIds } from '../flags/flag-person.js';

/** Closing events read per person: the newest this many. */
const CLOSING_EVENTS_READ = 1000;

/**
 * Ids (as strings) of the guides or surveys a person has closed: `str_properties[idProperty]` of their
 * newest `eventNames` events, read for the user (its own and its linked devices' events) and for the
 * device (which may not be linked yet).
 */
export async function closedItemIds(
  engine: QueryEngine,
  projectId: number,
  ids: PersonIds,
  eventNames: readonly string[],
  idProperty: string,
): Promise<Set<string>> {
  const reads = [];
  if (ids.user_id) reads.push(engine.run({ kind: 'events', projectId, userId: ids.user_id, events: [...eventNames], limit: CLOSING_EVENTS_READ }));
  if (ids.device_id) reads.push(engine.run({ kind: 'events', projectId, deviceId: ids.device_id, events: [...eventNames], limit: CLOSING_EVENTS_READ }));
  const closed = new Set<string>();
  for (const list of await Promise.all(reads)) {
    for (const event of list) {
      const id = event.str_properties[idProperty];
      if (id !== undefined) closed.add(id);
    }
  }
  return closed;
}
