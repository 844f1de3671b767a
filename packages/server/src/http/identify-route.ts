import type { IdentifyBody } from '../schemas/identify.js';
import { identifyPerson } from '../services/identify-service.js';
import type { IdentifyDependencies } from '../services/identify-service.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';

/** `POST /v1/identify`, after the SDK key authenticated and the body was validated. */
export function identifyHandler(deps: IdentifyDependencies, clock: () => number): RouteHandlerOf<undefined, undefined, IdentifyBody, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, body }, _req, res) => {
    res.json(await identifyPerson(deps, projectId, body, clock()));
  };
}
