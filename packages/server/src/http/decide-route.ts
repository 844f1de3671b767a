import type { DecideQuery } from '../schemas/decide.js';
import { GUIDE_DECIDE, SURVEY_DECIDE } from '../services/decide/decide-kinds.js';
import { decideItems } from '../services/decide/decide-service.js';
import type { DecidePorts } from '../services/decide/decide-service.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';

/** `GET /v1/decide/guides`: `{ guides: [...] }` for the query's person and page. */
export function decideGuidesHandler(storage: DecidePorts): RouteHandlerOf<undefined, DecideQuery, undefined, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, query }, _req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ guides: await decideItems(storage, projectId, query, GUIDE_DECIDE) });
  };
}

/** `GET /v1/decide/surveys`: `{ surveys: [...] }` for the query's person and page. */
export function decideSurveysHandler(storage: DecidePorts): RouteHandlerOf<undefined, DecideQuery, undefined, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, query }, _req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ surveys: await decideItems(storage, projectId, query, SURVEY_DECIDE) });
  };
}
