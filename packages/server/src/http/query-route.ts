import type { RequestHandler } from 'express';
import type { StorageAdapter } from '../ports/index.js';
import { runEventQuery } from '../services/query-service.js';

/** `POST /v1/api/query/events` and its alias `POST /v1/query/events`, after authorization. */
export function eventQueryHandler(storage: StorageAdapter): RequestHandler {
  return async (req, res) => {
    res.json(await runEventQuery(storage.events, req.body));
  };
}

