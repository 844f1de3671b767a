import { BadRequestError, PayloadTooLargeError } from '../errors/index.js';

export interface TrackEnvelope {
  /** The raw events, in request order, each still to be validated. */
  items: unknown[];
  /** `sent_at` of a batch body, inherited by events without their own. */
  sentAt: unknown;
  isBatch: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits a track body into its events: one event, or `{ batch: [...], sent_at? }`. */
export function readTrackEnvelope(body: unknown, maxBatchSize: number): TrackEnvelope {
  if (!isRecord(body)) throw new BadRequestError('Body must be a JSON object: one event or { "batch": [...] }');
  if (!('batch' in body)) return { items: [body], sentAt: undefined, isBatch: false };
  const { batch } = body;
  if (!Array.isArray(batch)) throw new BadRequestError('batch must be an array of events');
  if (batch.length === 0) throw new BadRequestError('batch must hold at least one event');
  if (batch.length > maxBatchSize) {
    throw new PayloadTooLargeError(`batch holds ${batch.length} events; the limit is ${maxBatchSize}`);
  }
  return { items: batch, sentAt: body.sent_at, isBatch: true };
}
