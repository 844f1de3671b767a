import type { Knex } from 'knex';
import { ServiceUnavailableError } from '@northstar/core';
import type { SqlDialect } from '../dialects/sql-dialect.js';

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
    if (error instanceof Error && error.name === 'KnexTimeoutError') {
      throw new ServiceUnavailableError(`The query ran longer than ${timeoutMs} ms and was stopped; narrow the date range, the events or the grouping`);
    }
    throw error;
  }
}
