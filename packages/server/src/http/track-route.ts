import type { Response } from 'express';
import type { TrackResponse } from '@northstar/core';
import type { TrackingService } from '../services/track-service.js';
import type { AccessInput, RouteHandlerOf } from './routes/route-definition.js';
import { JSON_ANSWER_HEADERS } from './security-headers.js';

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
export function trackHandler(tracking: TrackingService): RouteHandlerOf<undefined, undefined, unknown, AccessInput<{ kind: 'sdk_key' }>> {
  return async ({ projectId, body }, _req, res) => {
    sendTrackResponse(res, await tracking.track(projectId, body));
  };
}
