/** The storage slice of the app's options: how long requests may wait on storage, and what a 503 says. */
export interface StorageGuardOptions {
  /**
   * Longest a request may wait on storage, all its calls together (key lookup, plan, rate-limit
   * counter, the handler's reads and writes; not the time between them); after it the request gets
   * 503 `{ error }` with `Retry-After` (a database that is down fails faster, as soon as the adapter rejects).
   * @default 5000
   */
  storageTimeoutMs?: number;
  /** `Retry-After` (seconds) of a 503 caused by storage. @default 5 */
  storageRetryAfterSeconds?: number;
}
