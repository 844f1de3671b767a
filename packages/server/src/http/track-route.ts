import type { RequestHandler } from 'express';
import { UnauthorizedError } from '../errors/index.js';
import { authenticateApiKey } from '../keys/authenticate-key.js';
import type { StorageAdapter } from '../ports/index.js';
import { apiKeyFromBody, readTrackEnvelope } from '../services/track-envelope.js';
import { trackEvents } from '../services/track-service.js';
import { sdkKeyFrom } from './credentials.js';

export interface TrackRouteContext {
  storage: StorageAdapter;
  clock: () => number;
  maxBatchSize: number;
}

/** `POST /v1/track`: SDK key only; answers once storage holds the accepted events. */
export function trackHandler({ storage, clock, maxBatchSize }: TrackRouteContext): RequestHandler {
  return async (req, res) => {
    const body: unknown = req.body;
    const presented = sdkKeyFrom(req, apiKeyFromBody(body));
    if (!presented) throw new UnauthorizedError('Missing SDK key: send X-API-Key: pk_...');
    const key = await authenticateApiKey(storage.config, presented);
    if (!key || key.kind !== 'pk') throw new UnauthorizedError('Invalid SDK key');
    const envelope = readTrackEnvelope(body, maxBatchSize);
    res.json(await trackEvents(storage.events, envelope, key.project_id, clock()));
  };
}
