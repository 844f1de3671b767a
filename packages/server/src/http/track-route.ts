import type { RequestHandler } from 'express';
import { UnauthorizedError } from '../errors/index.js';
import type { AuthenticateSdkKey } from '../ingest/sdk-key-cache.js';
import { apiKeyFromBody, readTrackEnvelope } from '../services/track-envelope.js';
import { trackEvents } from '../services/track-service.js';
import type { CommitEvents } from '../services/track-service.js';
import { sdkKeyFrom } from './credentials.js';

export interface TrackRouteContext {
  /** Looks the SDK key up (through a short-lived cache). */
  authenticate: AuthenticateSdkKey;
  /** Where valid events go; resolves once they are durable (the router's group committer). */
  commit: CommitEvents;
  clock: () => number;
  maxBatchSize: number;
}

/** `POST /v1/track`: SDK key only; answers once storage holds the accepted events. */
export function trackHandler({ authenticate, commit, clock, maxBatchSize }: TrackRouteContext): RequestHandler {
  return async (req, res) => {
    const body: unknown = req.body;
    const presented = sdkKeyFrom(req, apiKeyFromBody(body));
    if (!presented) throw new UnauthorizedError('Missing SDK key: send X-API-Key: pk_...');
    const key = await authenticate(presented);
    if (!key || key.kind !== 'pk') throw new UnauthorizedError('Invalid SDK key');
    const envelope = readTrackEnvelope(body, maxBatchSize);
    res.json(await trackEvents(commit, envelope, key.project_id, clock()));
  };
}
