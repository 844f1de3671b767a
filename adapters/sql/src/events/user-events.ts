import type { Knex } from 'knex';
import type { SqlDialect } from '../dialect.js';

/** Indexes a people query is pinned to on SQLite (migrations 0001-events and 0003-people), by table. */
const INDEXES = {
  ns_events: { user: 'ns_events_project_user_ts', device: 'ns_events_project_device_ts', person: 'ns_events_project_person' },
  ns_replay_chunks: { user: 'ns_replay_chunks_project_user', device: 'ns_replay_chunks_project_device' },
} as const;

/**
 * A table read through one of its indexes. On SQLite the index is pinned (`INDEXED BY`): without
 * ANALYZE statistics its planner prefers, say, the `(project_id, event_name, ts)` index to skip a
 * sort and reads a whole project for one person (seen in EXPLAIN QUERY PLAN). MySQL keeps
 * statistics and picks these indexes itself.
 */
export function indexed<T extends keyof typeof INDEXES>(db: Knex, dialect: SqlDialect, table: T, index: keyof (typeof INDEXES)[T]): Knex.QueryBuilder {
  const name = INDEXES[table][index] as string;
  return dialect === 'sqlite' ? db.from(db.raw('?? INDEXED BY ??', [table, name])) : db(table);
}

/** `ns_events` read through one of its people indexes (see `indexed`). */
export function eventsBy(db: Knex, dialect: SqlDialect, index: keyof (typeof INDEXES)['ns_events']): Knex.QueryBuilder {
  return indexed(db, dialect, 'ns_events', index);
}

/** The devices linked to a user (through the `(project_id, user_id)` index of migration 0003-people). */
export function linkedDevices(db: Knex, projectId: number, userId: string): Knex.QueryBuilder {
  return db('ns_device_links').select('device_id').where({ project_id: projectId, user_id: userId });
}

/**
 * The events of a user, as two queries on `ns_events` (each served by one index, so each can be
 * read newest first without a sort): its own (`user_id`), and the anonymous ones (`user_id` NULL)
 * of every device linked to it, stored before or after the link. An event of a linked device that
 * carries another user's id is that user's, not this one's — the same people `uniq` counts.
 */
export function userEventQueries(db: Knex, dialect: SqlDialect, projectId: number, userId: string): [own: Knex.QueryBuilder, linked: Knex.QueryBuilder] {
  return [
    eventsBy(db, dialect, 'user').where({ project_id: projectId, user_id: userId }),
    eventsBy(db, dialect, 'device').where('project_id', projectId).whereNull('user_id').whereIn('device_id', linkedDevices(db, projectId, userId)),
  ];
}
