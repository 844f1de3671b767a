import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { SqlMigration } from './migration.js';

/** Ids are at most 200 characters (LIMITS). */
const ID = 200;

/**
 * Replay sessions (docs/replay-server.md): each chunk keeps its last moment (`end_ts`) and the pages it
 * enters (`pages`, JSON text, null when none); `ns_replay_sessions` holds one row per session, written
 * in the transaction of each chunk stored, so a listing reads one row per session, newest first, and
 * retention finds expired sessions by `ended_at`. Sessions stored before this migration are summed up
 * from their chunks (their device and user: the largest non-null one).
 */
export const replaySessionsMigration: SqlMigration = {
  name: '0008-replay-sessions',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);
    await db.schema.alterTable('ns_replay_chunks', (t) => {
      t.bigInteger('end_ts').nullable();
      t.text('pages').nullable();
    });
    await db.schema.createTable('ns_replay_sessions', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('session_id', ID).notNullable();
      t.bigInteger('started_at').notNullable();
      t.bigInteger('ended_at').notNullable();
      t.string('device_id', ID).nullable();
      t.string('user_id', ID).nullable();
      t.integer('chunks').unsigned().notNullable();
      t.bigInteger('bytes').notNullable();
      t.primary(['project_id', 'session_id']);
      t.index(['project_id', 'started_at', 'session_id'], 'ns_replay_sessions_started');
      t.index(['project_id', 'ended_at'], 'ns_replay_sessions_ended');
    });
    await db.raw(
      `INSERT INTO ns_replay_sessions (project_id, session_id, started_at, ended_at, device_id, user_id, chunks, bytes)
       SELECT project_id, session_id, MIN(ts), MAX(ts), MAX(device_id), MAX(user_id), COUNT(*), SUM(LENGTH(data))
       FROM ns_replay_chunks GROUP BY project_id, session_id`,
    );
  },
};
