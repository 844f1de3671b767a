import type { IdentifyBody } from '../schemas/identify.js';
import type { IdentifyService } from '../services/identify-service.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';

/** `POST /v1/identify`, after the SDK key authenticated and the body was validated. */
export function identifyHandler(people: IdentifyService): RouteHandlerOf<undefined, undefined, IdentifyBody, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, body }, _req, res) => {
    res.json(await people.identify(projectId, body));
  };
}
