import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { userKey } from './event-rows.js';

/** Indexes a people query is pinned to on SQLite (migrations 0003-people and 0005-person-events), by table. */
const INDEXES = {
  ns_events: { person: 'ns_events_project_person_ts' },
  ns_replay_chunks: { user: 'ns_replay_chunks_project_user', device: 'ns_replay_chunks_project_device' },
} as const;

/**
 * A table read through one of its indexes (`dialect.fromIndex`). On SQLite the index is pinned
 * (`INDEXED BY`): without ANALYZE statistics its planner prefers, say, the `(project_id, event_name,
 * ts)` index to skip a sort and reads a whole project for one person (seen in EXPLAIN QUERY PLAN).
 * MySQL keeps statistics and picks these indexes itself.
 */
export function indexed<T extends keyof typeof INDEXES>(db: Knex, dialect: SqlDialect, table: T, index: keyof (typeof INDEXES)[T]): Knex.QueryBuilder {
  const name = INDEXES[table][index] as string;
  return dialect.fromIndex(db, table, name);
}

/** `ns_events` read through its `(project_id, person_key, ts, uuid)` index (see `indexed`). */
export function eventsByPerson(db: Knex, dialect: SqlDialect): Knex.QueryBuilder {
  return indexed(db, dialect, 'ns_events', 'person');
}

/** The devices linked to a user (through the `(project_id, user_id)` index of migration 0003-people). */
export function linkedDevices(db: Knex, projectId: number, userId: string): Knex.QueryBuilder {
  return db('ns_device_links').select('device_id').where({ project_id: projectId, user_id: userId });
}

/**
 * The events of a user: its own (`user_id`) and the anonymous ones (`user_id` NULL) of every
 * device linked to it, stored before or after the link — the same people `uniq` counts. All of
 * them carry the user's person key (`resolvePersonKeys`, and `linkDevice` re-keys the past ones),
 * so this is one range of the person index, read newest first without a sort. The condition on
 * the ids keeps the answer exact should another person's key ever collide with this one. An event
 * of a linked device that carries another user's id is that user's, not this one's.
 */
export function userEvents(db: Knex, dialect: SqlDialect, projectId: number, userId: string): Knex.QueryBuilder {
  return eventsByPerson(db, dialect)
    .where({ project_id: projectId, person_key: userKey(userId) })
    .where(
      (ids) =>
        void ids
          .where('user_id', userId)
          .orWhere((anonymous) => void anonymous.whereNull('user_id').whereIn('device_id', linkedDevices(db, projectId, userId))),
    );
}
