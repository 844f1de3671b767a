import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { JOB_QUEUE_LENGTH, JOBS_TABLE } from '../jobs/job-table.js';
import type { SqlMigration } from './migration.js';

/**
 * The durable job queue (see `jobs/job-table.ts` and docs/job-queue.md). `key_hash` is the SHA-256 of
 * the idempotency key: unique per queue while the row exists (NULLs never collide).
 */
export const jobsMigration: SqlMigration = {
  name: '0007-jobs',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);
    await db.schema.createTable(JOBS_TABLE, (t) => {
      style.tableOptions(t);
      t.bigIncrements('id');
      t.string('queue', JOB_QUEUE_LENGTH).notNullable();
      t.specificType('payload', style.jsonType).notNullable();
      t.text('idempotency_key').nullable();
      style.asciiId(t, 'key_hash', 64).nullable();
      t.string('state', 16).notNullable();
      t.integer('attempt').notNullable().defaultTo(0);
      t.bigInteger('run_at').notNullable();
      t.bigInteger('locked_until').nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('finished_at').nullable();
      t.text('last_error').nullable();
      t.unique(['queue', 'key_hash'], { indexName: 'ns_jobs_idempotency' });
      t.index(['queue', 'state', 'run_at'], 'ns_jobs_due');
      t.index(['state', 'finished_at'], 'ns_jobs_finished');
    });
  },
};
