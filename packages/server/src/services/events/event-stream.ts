import type { QueryEngine } from '../../ports/index.js';
import type { EventStreamQuery } from '../../schemas/event-stream-query.js';
import { listEventPage, showEvent } from '../users/event-page.js';
import type { EventPage, ShownEvent } from '../users/event-page.js';

/** The raw event stream of a project, newest first with keyset paging: what arrived, for debugging an installation. */
export function eventStreamService(queryEngine: QueryEngine) {
  return {
    list(projectId: number, query: EventStreamQuery): Promise<EventPage<ShownEvent>> {
      const { event, user_id, device_id, filters, since, before, limit } = query;
      return listEventPage(
        queryEngine,
        {
          projectId,
          ...(event !== undefined && { events: event }),
          ...(user_id !== undefined && { userId: user_id }),
          ...(device_id !== undefined && { deviceId: device_id }),
          ...(filters !== undefined && { filters }),
          ...(since !== undefined && { since }),
        },
        { before, limit },
        showEvent,
      );
    },
  };
}

export type EventStreamService = ReturnType<typeof eventStreamService>;
