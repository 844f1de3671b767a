import type { Knex } from 'knex';
import { ServiceUnavailableError } from '@northstar/core';
import type { SqlDialect } from '../dialects/sql-dialect.js';

const OVER_TIME = 'The query ran longer than';

/** The 503 of a query stopped past its `timeoutMs`. */
export const overTime = (timeoutMs: number) =>
  new ServiceUnavailableError(`${OVER_TIME} ${timeoutMs} ms and was stopped; narrow the date range, the events or the grouping`);

/** True for `overTime`'s 503 (not for another, such as the database being down). */
export const isOverTime = (error: unknown): boolean => error instanceof ServiceUnavailableError && error.message.startsWith(OVER_TIME);

/**
 * What is left of a query's `timeoutMs` started at `startedAt` (epoch ms), for a statement it runs after
 * others; a 503 as `timeLimited`'s once nothing is left. Undefined without a limit.
 */
export function timeLeft(timeoutMs: number | undefined, startedAt: number, now = Date.now()): number | undefined {
  if (timeoutMs === undefined) return undefined;
  const left = timeoutMs - (now - startedAt);
  if (left <= 0) throw overTime(timeoutMs);
  return left;
}

/**
 * Runs an analytical read under `timeoutMs`: where the database can stop a statement, one that runs
 * longer is killed (`KILL QUERY` from another connection) and the read rejects with a 503 that says so;
 * elsewhere (SQLite) the read runs as it is. Rows come back as the driver gives them.
 */
export async function timeLimited(builder: Knex.QueryBuilder | Knex.Raw, dialect: SqlDialect, timeoutMs: number | undefined): Promise<unknown> {
  if (timeoutMs === undefined || !dialect.cancelsQueries) return (await builder) as unknown;
  try {
    return (await builder.timeout(timeoutMs, { cancel: true })) as unknown;
  } catch (error) {
    // knex is loaded lazily: its error class is recognised by name.
    if (error instanceof Error && error.name === 'KnexTimeoutError') throw overTime(timeoutMs);
    throw error;
  }
}
