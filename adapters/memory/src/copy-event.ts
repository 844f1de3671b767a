import type { StoredEvent } from '@northstar/server';

/** A copy the caller cannot change through: events are flat apart from their two property maps. */
export function copyEvent(event: StoredEvent): StoredEvent {
  return { ...event, str_properties: { ...event.str_properties }, num_properties: { ...event.num_properties } };
}
