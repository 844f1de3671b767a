import { ServiceUnavailableError } from '@northstar/core';

/** Events read between two looks at the clock. */
const EVERY = 4096;

/**
 * A check to call once per event read: past `timeoutMs` since it was made (looked at every 4096 events,
 * the first included) it throws the 503 the SQL engines give for a query they stop. No limit: never throws.
 */
export function timeCheck(timeoutMs: number | undefined): () => void {
  if (timeoutMs === undefined) return () => {};
  const deadline = Date.now() + timeoutMs;
  let read = 0;
  return () => {
    if (read++ % EVERY === 0 && Date.now() >= deadline) {
      throw new ServiceUnavailableError(`The query ran longer than ${timeoutMs} ms and was stopped; narrow the date range, the events or the grouping`);
    }
  };
}
