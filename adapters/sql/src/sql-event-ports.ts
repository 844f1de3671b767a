import type { Knex } from 'knex';
import type { StoragePorts } from '@northstar/server';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { createSqlEventLog } from './sql-event-log.js';
import { createSqlPersonStore } from './sql-person-store.js';
import { createSqlQueryEngine } from './sql-query-engine.js';
import type { SqlQueryEngineOptions } from './sql-query-engine.js';
import { createSqlReplayStore } from './sql-replay-store.js';

/** The four event-side ports of the SQL adapter. */
export type SqlEventPorts = Pick<StoragePorts, 'eventLog' | 'queryEngine' | 'people' | 'replays'>;

/** The four event-side ports over one knex pool: the engine resolves people through the person store's links. */
export function createSqlEventPorts(db: Knex, dialect: SqlDialect, options: SqlQueryEngineOptions = {}): SqlEventPorts {
  return {
    eventLog: createSqlEventLog(db, dialect),
    queryEngine: createSqlQueryEngine(db, dialect, options),
    people: createSqlPersonStore(db, dialect),
    replays: createSqlReplayStore(db, dialect),
  };
}
