import type { Knex } from 'knex';
import type { StorageAdapter, StoragePorts } from '@northstar/server';
import { createSqlConfigStore } from './config/index.js';
import { createKnex } from './create-knex.js';
import { dialectOfKnex, toDialect } from './dialects/index.js';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { ensureSqlDatabase } from './ensure-database.js';
import { createSqlJobQueue } from './jobs/sql-job-queue.js';
import type { SqlJobQueueOptions } from './jobs/sql-job-queue.js';
import type { SlotLimits } from './events/property-slots.js';
import { createSqlEventPorts } from './sql-event-ports.js';
import type { DriverLoader } from './load-driver.js';
import { runMigrations } from './migrate.js';
import { createSqlRateLimitStore } from './rate-limits/sql-rate-limits.js';
import { parseSqlUrl } from './sql-url.js';

interface CommonOptions {
  /** Apply pending migrations before returning. @default true */
  migrate?: boolean;
  /** Loads knex and the drivers; tests pass one that fails to check the install errors. @default dynamic import() */
  requireDriver?: DriverLoader;
  /** Clock for the config store's `created_at` / `updated_at`, epoch ms. @default Date.now */
  now?: () => number;
  /** Polling and retention of the job queue (`jobs`). */
  jobs?: SqlJobQueueOptions;
  /** Lifetime of a cached query answer, ms (docs/queries.md "Result cache"); 0 turns the cache off. @default 60000 */
  queryCacheTtlMs?: number;
  /** Answers computed faster than this, ms, are not cached (docs/queries.md "Result cache"). @default 25 */
  queryCacheMinComputeMs?: number;
  /**
   * Statements one analytical query may run at once on MySQL/MariaDB: a segmentation without a group-by over
   * stretches of whole buckets, a funnel without a group-by or a retention query over parts of the people
   * (docs/queries.md "Statements at once"); SQLite always runs one. @default 2
   */
  queryParallelism?: number;
  /**
   * At most this many property slots per project (docs/decisions.md, "Storage: property slots"): keys
   * beyond them are read from the JSON. For tests of that fallback. @default { strings: 6, numbers: 4 }
   */
  propertySlots?: SlotLimits;
}

export type SqlStorageOptions =
  | (CommonOptions & {
      /** `mysql://user:pass@host:3306/db`, `sqlite:./.northstar/data.db` or `sqlite::memory:`. */
      url: string;
      /** Create the MySQL/MariaDB database the URL names when it is missing (`ensureSqlDatabase`). @default false */
      createDatabase?: boolean;
    })
  | (CommonOptions & {
      /** A knex instance (mysql2 or better-sqlite3 client) owned by the caller: `dispose()` leaves it open. */
      knex: Knex;
    });

/** The SQL adapter: every port, each one certainly there. */
export type SqlStorage = StorageAdapter & StoragePorts;

/** Opens (or adopts) the knex pool; the second value says whether dispose() must destroy it. */
export async function openKnex(options: SqlStorageOptions): Promise<{ db: Knex; dialect: SqlDialect; owned: boolean }> {
  if ('knex' in options) return { db: options.knex, dialect: dialectOfKnex(options.knex), owned: false };
  const target = parseSqlUrl(options.url);
  if (options.createDatabase) await ensureSqlDatabase(options.url, options.requireDriver);
  return { db: await createKnex(target, options.requireDriver), dialect: toDialect(target.dialect), owned: true };
}

/**
 * Every storage port over knex: MySQL/MariaDB (mysql2) or SQLite (better-sqlite3),
 * loaded lazily. The ports share one pool and one schema (the query engine resolves people through
 * the person store's links). Runs the migrations first unless `migrate: false`.
 */
export async function createSqlStorage(options: SqlStorageOptions): Promise<SqlStorage> {
  const { db, dialect, owned } = await openKnex(options);
  try {
    if (options.migrate ?? true) await runMigrations(db, dialect);
  } catch (error) {
    if (owned) await db.destroy();
    throw error;
  }
  const rateLimits = createSqlRateLimitStore(db, dialect);
  const ports = createSqlEventPorts(db, dialect, {
    ...(options.queryCacheTtlMs === undefined ? {} : { cacheTtlMs: options.queryCacheTtlMs }),
    ...(options.queryCacheMinComputeMs === undefined ? {} : { cacheMinComputeMs: options.queryCacheMinComputeMs }),
    ...(options.queryParallelism === undefined ? {} : { parallelism: options.queryParallelism }),
    ...(options.propertySlots === undefined ? {} : { propertySlots: options.propertySlots }),
  });
  const jobs = createSqlJobQueue(db, dialect, options.jobs);
  return {
    name: `sql:${dialect.name}`,
    ...ports,
    config: createSqlConfigStore(db, dialect, options.now ? { now: options.now } : {}),
    rateLimits,
    jobs,
    async dispose() {
      await jobs.dispose();
      await rateLimits.dispose?.();
      if (owned) await db.destroy();
    },
  };
}

/** Applies pending migrations and closes the pool (for `northstar-server migrate`). Returns the names applied. */
export async function migrateSql(options: SqlStorageOptions): Promise<string[]> {
  const { db, dialect, owned } = await openKnex(options);
  try {
    return await runMigrations(db, dialect);
  } finally {
    if (owned) await db.destroy();
  }
}
