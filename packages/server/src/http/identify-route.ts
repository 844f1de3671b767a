import type { RequestHandler } from 'express';
import { authorizedProjectId } from '../access/principal.js';
import { identifyPerson } from '../services/identify-service.js';
import type { IdentifyDependencies } from '../services/identify-service.js';

/** `POST /v1/identify`, after the SDK key authenticated. */
export function identifyHandler(deps: IdentifyDependencies, clock: () => number): RequestHandler {
  return async (req, res) => {
    res.json(await identifyPerson(deps, authorizedProjectId(res.locals), req.body, clock()));
  };
}
