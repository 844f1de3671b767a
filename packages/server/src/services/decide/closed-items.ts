import type { QueryEngine } from '../../ports/index.js';
import type { PersonIds } from '../flags/flag-person.js';
import { personEvents } from './person-events.js';

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
  const closed = new Set<string>();
  for (const event of await personEvents(engine, projectId, ids, eventNames)) {
    const id = event.str_properties[idProperty];
    if (id !== undefined) closed.add(id);
  }
  return closed;
}
