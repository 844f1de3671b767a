import type { RequestHandler } from 'express';
import { authorizedProjectId } from '../access/principal.js';
import type { StorageAdapter } from '../ports/index.js';
import { evaluateFlags } from '../services/flags/flags-service.js';

/** `POST /v1/flags/evaluate`, after the SDK key authenticated. */
export function flagsEvaluateHandler(storage: Pick<StorageAdapter, 'events' | 'config'>): RequestHandler {
  return async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await evaluateFlags(storage, authorizedProjectId(res.locals), req.body));
  };
}
