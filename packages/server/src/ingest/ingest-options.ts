/** The ingestion slice of the app's options: batches, event times, group commit, the SDK-key cache. */
export interface IngestOptions {
  /** Most events in one `{ batch }` body; more get 413. @default 500 */
  maxBatchSize?: number;
  /**
   * `/v1/track` rejects (per event) an event whose time, after `sent_at` correction, lies more than this
   * many ms before the receive time; `Infinity` accepts any age (backfills). @default 2592000000 (30 days)
   */
  maxEventAgeMs?: number;
  /**
   * `/v1/track` rejects (per event) an event whose time, after `sent_at` correction, lies more than this
   * many ms after the receive time (docs/ingestion-track.md). @default 3600000 (1 hour)
   */
  maxEventAheadMs?: number;
  /**
   * How long `/v1/track` gathers concurrent requests into one `appendEvents` call, in ms. Each
   * request is answered once the batch holding its events is durable. 0 still batches what arrives
   * in the same tick. Only the first request of a batch waits, and only while a write slot is free;
   * it never waits longer than the previous write took (a memory store waits for no timer).
   * @default 2
   */
  groupCommitWindowMs?: number;
  /** A gathered batch reaching this many events is written before its window ends. @default 5000 */
  groupCommitMaxEvents?: number;
  /**
   * Batches written at the same time. While every slot is busy, new requests gather into the next
   * batch without a timer, which is written as soon as a slot frees up.
   * @default 2
   */
  groupCommitConcurrency?: number;
  /**
   * How long `/v1/track` trusts an SDK key that authenticated before reading the key table again, in
   * ms; a revoked `pk_` key stops working within this time. 0 reads the table on every request.
   * @default 10000
   */
  sdkKeyCacheMs?: number;
}
