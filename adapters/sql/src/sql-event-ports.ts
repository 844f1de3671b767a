import type { Knex } from 'knex';
import type { StoragePorts } from '@northstar/server';
import type { SqlDialect } from './dialects/sql-dialect.js';
import type { SlotLimits } from './events/property-slots.js';
import { createSqlEventLog } from './sql-event-log.js';
import { createSqlPersonStore } from './sql-person-store.js';
import { createSqlQueryEngine } from './sql-query-engine.js';
import type { SqlQueryEngineOptions } from './sql-query-engine.js';
import { createSqlReplayStore } from './sql-replay-store.js';

/** The four event-side ports of the SQL adapter. */
export type SqlEventPorts = Pick<StoragePorts, 'eventLog' | 'queryEngine' | 'people' | 'replays'>;

/**
 * The four event-side ports over one knex pool: the engine resolves people through the person store's
 * links. `propertySlots` caps the property slots a project takes (tests of the JSON fallback).
 */
export function createSqlEventPorts(db: Knex, dialect: SqlDialect, options: SqlQueryEngineOptions & { propertySlots?: SlotLimits } = {}): SqlEventPorts {
  return {
    eventLog: createSqlEventLog(db, dialect, options.propertySlots),
    queryEngine: createSqlQueryEngine(db, dialect, options),
    people: createSqlPersonStore(db, dialect),
    replays: createSqlReplayStore(db, dialect),
  };
}
