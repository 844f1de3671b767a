import type { EventQueryBody } from '../schemas/event-query.js';
import type { QueryService } from '../services/query-service.js';
import type { RouteHandlerOf } from './routes/route-definition.js';

/** `POST /v1/api/query/events` and its alias `POST /v1/query/events`, after authorization and validation. */
export function eventQueryHandler(queries: QueryService): RouteHandlerOf<undefined, undefined, EventQueryBody> {
  return async ({ body }, _req, res) => {
    res.json(await queries.events(body));
  };
}
