import type { RequestHandler } from 'express';
import { authorizedProjectId } from '../access/principal.js';
import { readTrackEnvelope } from '../services/track-envelope.js';
import { trackEvents } from '../services/track-service.js';
import type { CommitEvents } from '../services/track-service.js';

export interface TrackRouteContext {
  /** Where valid events go; resolves once they are durable (the router's group committer). */
  commit: CommitEvents;
  clock: () => number;
  maxBatchSize: number;
}

/** `POST /v1/track`, after the SDK key authenticated: answers once storage holds the accepted events. */
export function trackHandler({ commit, clock, maxBatchSize }: TrackRouteContext): RequestHandler {
  return async (req, res) => {
    const envelope = readTrackEnvelope(req.body, maxBatchSize);
    res.json(await trackEvents(commit, envelope, authorizedProjectId(res.locals), clock()));
  };
}
