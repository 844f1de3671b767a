import type { FlagsEvaluateBody } from '../schemas/flags-evaluate.js';
import type { FlagsService } from '../services/flags/flags-service.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';

/** `POST /v1/flags/evaluate`, after the SDK key authenticated and the body was validated. */
export function flagsEvaluateHandler(flags: FlagsService): RouteHandlerOf<undefined, undefined, FlagsEvaluateBody, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, body }, _req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await flags.evaluate(projectId, body));
  };
}
