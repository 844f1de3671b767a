import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { RATE_LIMIT_KEY_LENGTH, RATE_LIMIT_TABLE } from '../rate-limits/rate-limit-table.js';
import type { SqlMigration } from './migration.js';

/**
 * The rate-limit windows shared by every server process on this database, in rate-limiter-flexible's
 * layout (see `rate-limits/rate-limit-table.ts`); created here so the library never needs
 * `CREATE DATABASE` rights. InnoDB on MySQL: its row lock makes the increment-and-read atomic.
 */
export const rateLimitsMigration: SqlMigration = {
  name: '0004-rate-limits',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);
    await db.schema.createTable(RATE_LIMIT_TABLE, (t) => {
      style.tableOptions(t);
      t.string('key', RATE_LIMIT_KEY_LENGTH).notNullable().primary();
      t.integer('points').notNullable().defaultTo(0);
      t.bigInteger('expire').unsigned().nullable();
      t.index(['expire'], 'ns_rate_limits_expire');
    });
  },
};
