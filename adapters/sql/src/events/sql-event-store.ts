import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { createSqlEventLog } from '../sql-event-log.js';
import { createSqlPersonStore } from '../sql-person-store.js';
import { createSqlQueryEngine } from '../sql-query-engine.js';
import { createSqlReplayStore } from '../sql-replay-store.js';

/** The four event-side ports of the SQL adapter. */
export interface SqlEventPorts {
  eventLog: ReturnType<typeof createSqlEventLog>;
  queryEngine: ReturnType<typeof createSqlQueryEngine>;
  people: ReturnType<typeof createSqlPersonStore>;
  replays: ReturnType<typeof createSqlReplayStore>;
}

/** The four event-side ports over one knex pool. */
export function createSqlEventPorts(db: Knex, dialect: SqlDialect): SqlEventPorts {
  return {
    eventLog: createSqlEventLog(db, dialect),
    queryEngine: createSqlQueryEngine(db, dialect),
    people: createSqlPersonStore(db, dialect),
    replays: createSqlReplayStore(db, dialect),
  };
}
