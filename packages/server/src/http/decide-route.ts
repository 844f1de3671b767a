import type { DecideQuery } from '../schemas/decide.js';
import type { DecideService } from '../services/decide/decide-guides-and-surveys.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';

/** `GET /v1/decide/guides`: `{ guides: [...] }` for the query's person and page. */
export function decideGuidesHandler(decide: DecideService): RouteHandlerOf<undefined, DecideQuery, undefined, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, query }, _req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ guides: await decide.guides(projectId, query) });
  };
}

/** `GET /v1/decide/surveys`: `{ surveys: [...] }` for the query's person and page. */
export function decideSurveysHandler(decide: DecideService): RouteHandlerOf<undefined, DecideQuery, undefined, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, query }, _req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ surveys: await decide.surveys(projectId, query) });
  };
}
