import type { Knex } from 'knex';
import type { SqlMigration } from './migration.js';

/**
 * `ns_data_versions.forgets`: how many times a project's user ids were deleted (a user's deletion, the
 * project's data deleted). A process that knows some user ids are already in `ns_users` skips them on
 * append while this count is the one it saw them at (`user-registry.ts`); 0 for every project here.
 */
export const userForgetsMigration: SqlMigration = {
  name: '0012-user-forgets',
  async up(db: Knex) {
    await db.schema.alterTable('ns_data_versions', (t) => {
      t.bigInteger('forgets').notNullable().defaultTo(0);
    });
  },
};
