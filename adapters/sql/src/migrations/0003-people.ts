import type { Knex } from 'knex';
import type { SqlMigration } from './migration.js';

/**
 * Indexes for the people reads and deletions (`PersonStore` and the `events` listing of `QueryEngine`): a user's own events and a device's
 * events newest first (`(ts, uuid)` in the index, so a keyset page is a short backward range scan,
 * never a sort of the person's whole history), the distinct users of a project in id order, the
 * devices linked to a user, and a person's replay chunks. See docs/people-data.md.
 */
export const peopleMigration: SqlMigration = {
  name: '0003-people',
  async up(db: Knex) {
    await db.schema.alterTable('ns_events', (t) => {
      t.index(['project_id', 'user_id', 'ts', 'uuid'], 'ns_events_project_user_ts');
      t.index(['project_id', 'device_id', 'ts', 'uuid'], 'ns_events_project_device_ts');
    });
    await db.schema.alterTable('ns_device_links', (t) => {
      t.index(['project_id', 'user_id'], 'ns_device_links_project_user');
    });
    await db.schema.alterTable('ns_replay_chunks', (t) => {
      t.index(['project_id', 'user_id'], 'ns_replay_chunks_project_user');
      t.index(['project_id', 'device_id'], 'ns_replay_chunks_project_device');
    });
  },
};
