import type { Response } from 'express';
import type { TrackResponse } from '@northstar/core';
import type { EventTimeBounds } from '../ingest/event-time.js';
import { LIMITS } from '../schemas/limits.js';
import { readTrackEnvelope } from '../services/track-envelope.js';
import { trackEvents } from '../services/track-service.js';
import type { CommitEvents } from '../services/track-service.js';
import type { NorthstarRouterOptions } from './options.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';
import { JSON_ANSWER_HEADERS } from './security-headers.js';

export interface TrackRouteContext {
  /** Where valid events go; resolves once they are durable (the router's group committer). */
  commit: CommitEvents;
  clock: () => number;
  maxBatchSize: number;
  /** The router options for the event time bounds; an absent one is the default of `LIMITS`. */
  options?: Pick<NorthstarRouterOptions, 'maxEventAgeMs' | 'maxEventAheadMs'>;
}

/**
 * Writes the answer without `res.json()`: Express would hash every body into an ETag, which means
 * nothing for a POST and costs a SHA-1 per request. Headers set earlier (CORS, rate limit) are kept.
 */
function sendTrackResponse(res: Response, answer: TrackResponse): void {
  const body = `{"accepted":${answer.accepted},"rejected":${answer.rejected.length === 0 ? '[]' : JSON.stringify(answer.rejected)}}`;
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...JSON_ANSWER_HEADERS });
  res.end(body);
}

/**
 * `POST /v1/track`, after the SDK key authenticated: answers once storage holds the accepted events.
 * The body is the fast path's to validate, event by event (`services/validate-events.ts`).
 */
export function trackHandler({ commit, clock, maxBatchSize, options = {} }: TrackRouteContext): RouteHandlerOf<undefined, undefined, unknown, AccessInput<{ kind: 'sdk_key' }>> {
  const bounds: EventTimeBounds = {
    maxAgeMs: options.maxEventAgeMs ?? LIMITS.maxEventAgeMs,
    maxAheadMs: options.maxEventAheadMs ?? LIMITS.maxEventAheadMs,
  };
  return async ({ projectId, body }, _req, res) => {
    const envelope = readTrackEnvelope(body, maxBatchSize);
    sendTrackResponse(res, await trackEvents(commit, envelope, projectId, clock(), bounds));
  };
}
