/** Caps on what one request may carry; see docs/ingestion-track.md and docs/decisions.md ("Caps"). */
export const LIMITS = {
  /** Bytes of a request body. */
  maxBodyBytes: 1_048_576,
  /** Events in one `{ batch }` body. */
  maxBatchSize: 500,
  /** Characters of `event_name`. */
  maxEventNameLength: 200,
  /** Characters of `user_id`, `device_id`, `session_id`. */
  maxIdLength: 200,
  /** Characters of a property key. */
  maxPropertyKeyLength: 200,
  /** Characters of a string property value. */
  maxStringValueLength: 8192,
  /** Keys in each of `str_properties` and `num_properties`. */
  maxProperties: 256,
  /** How far in the past an event's time (after clock-skew correction) may lie: 30 days. */
  maxEventAgeMs: 30 * 86_400_000,
  /** How far ahead of the server clock an event's time (after clock-skew correction) may lie: 1 hour. */
  maxEventAheadMs: 3_600_000,
  /** Events in one query. */
  maxQueryEvents: 20,
  /** Days in a query's inclusive date range. */
  maxQueryDays: 366,
} as const;
