import type { StorageAdapter, StoragePorts } from '@northstar/server';

/** A storage of the cross-database specs: every port (memory and SQL alike). */
export type TestStorage = StorageAdapter &
  StoragePorts & {
    /** A second storage on the same database (SQL only), as another process opens it; its `dispose()` leaves the data. */
    reopen?(): Promise<TestStorage>;
  };

/** A database the cross-database specs can run on. */
export type DatabaseKind = 'memory' | 'sqlite' | 'mysql';

const KINDS: readonly DatabaseKind[] = ['memory', 'sqlite', 'mysql'];

/** The MySQL/MariaDB server tests create their databases on. @default mysql://root@127.0.0.1:3306/ */
export function testMysqlUrl(): string {
  return process.env.NORTHSTAR_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';
}

/** The databases chosen by `NORTHSTAR_DBS` (space or comma separated). @default ['memory', 'sqlite'] */
export function selectedDatabases(env: string | undefined = process.env.NORTHSTAR_DBS): DatabaseKind[] {
  const names = (env ?? 'memory sqlite').split(/[\s,]+/).filter(Boolean);
  for (const name of names) if (!KINDS.includes(name as DatabaseKind)) throw new Error(`NORTHSTAR_DBS: unknown database "${name}" (use ${KINDS.join(', ')})`);
  return [...new Set(names as DatabaseKind[])];
}

interface AdminConnection {
  query(sql: string, values?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}

async function mysqlAdmin(): Promise<AdminConnection> {
  const mysql = (await import('mysql2/promise')) as { createConnection: (options: object) => Promise<AdminConnection> };
  const url = new URL(testMysqlUrl());
  return mysql.createConnection({
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
    connectTimeout: 3000,
  });
}

/**
 * Runs one statement on the test MySQL/MariaDB server (`testMysqlUrl()`, no database chosen) and
 * returns its rows: for tests that create, inspect or drop databases and users of their own.
 */
export async function mysqlAdminQuery<T = unknown>(sql: string, values: unknown[] = []): Promise<T> {
  const admin = await mysqlAdmin();
  try {
    const [rows] = (await admin.query(sql, values)) as [T, unknown];
    return rows;
  } finally {
    await admin.end();
  }
}

/**
 * Whether `kind` can be used here. A database that cannot is skipped with a loud warning on a
 * developer machine; with `CI=true` this throws instead, since a skip in CI is a failure.
 */
export async function databaseAvailable(kind: DatabaseKind): Promise<boolean> {
  if (kind !== 'mysql') return true;
  try {
    await (await mysqlAdmin()).end();
    return true;
  } catch (error) {
    const message = `MySQL/MariaDB is not reachable at ${testMysqlUrl()}: ${error instanceof Error ? error.message : String(error)}`;
    if (process.env.CI === 'true') throw new Error(`${message} (CI=true: skipping is a failure)`);
    console.warn(`\n⚠️  SKIPPING the mysql specs. ${message}\n`);
    return false;
  }
}

/** Migrated databases emptied by a previous test of this process, ready for the next one. */
const cleanDatabases: string[] = [];
let staleDropped = false;

async function onAdmin<T>(work: (admin: AdminConnection) => Promise<T>): Promise<T> {
  const admin = await mysqlAdmin();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Empties every table but the migration records (DELETE: much faster than re-creating the schema). */
async function emptyDatabase(name: string): Promise<void> {
  await onAdmin(async (admin) => {
    const [tables] = (await admin.query(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME NOT LIKE 'ns\\_migrations%'",
      [name],
    )) as [{ name: string }[]];
    for (const table of tables) await admin.query('DELETE FROM ??.??', [name, table.name]);
  });
}

/** Drops the databases that a killed run left behind (named with their creation time) after an hour. */
async function dropStaleDatabases(): Promise<void> {
  if (staleDropped) return;
  staleDropped = true;
  await onAdmin(async (admin) => {
    const [rows] = (await admin.query("SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'ns\\_test\\_%'")) as [
      { name: string }[],
    ];
    for (const { name } of rows) {
      const created = parseInt(name.split('_')[2] ?? '', 36);
      if (Number.isFinite(created) && Date.now() - created > 3_600_000) await admin.query('DROP DATABASE IF EXISTS ??', [name]);
    }
  });
}

/** Drops the emptied databases this process keeps for reuse; call it in `afterAll` of a file using mysql. */
export async function releaseTestDatabases(): Promise<void> {
  const names = cleanDatabases.splice(0);
  if (names.length === 0) return;
  await onAdmin(async (admin) => {
    for (const name of names) await admin.query('DROP DATABASE IF EXISTS ??', [name]);
  });
}

/** A migrated database of its own for each live storage: a reused, emptied one when this process has one. */
/** What a SQL test storage may be opened with (`createSqlStorage`'s options of the same names). */
export interface TestStorageOptions {
  /** At most this many property slots per project: keys beyond them are read from the events' JSON. */
  propertySlots?: { strings: number; numbers: number };
}

async function mysqlStorage(options: TestStorageOptions): Promise<TestStorage> {
  await dropStaleDatabases();
  let name = cleanDatabases.pop();
  if (name === undefined) {
    name = `ns_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const created = name;
    await onAdmin((admin) => admin.query('CREATE DATABASE ?? CHARACTER SET utf8mb4', [created]));
  }
  const database = name;
  const { createSqlStorage } = await import('@northstar/adapter-sql');
  const url = new URL(database, testMysqlUrl()).href;
  const storage = await createSqlStorage({ url, ...options });
  return {
    ...storage,
    reopen: () => createSqlStorage({ url, migrate: false, ...options }),
    async dispose() {
      await storage.dispose();
      await emptyDatabase(database);
      cleanDatabases.push(database);
    },
  };
}

async function sqliteStorage(options: TestStorageOptions): Promise<TestStorage> {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dir = await mkdtemp(path.join(tmpdir(), 'ns-sqlite-'));
  const { createSqlStorage } = await import('@northstar/adapter-sql');
  const url = `sqlite:${path.join(dir, 'test.db')}`;
  const storage = await createSqlStorage({ url, ...options });
  return {
    ...storage,
    reopen: () => createSqlStorage({ url, migrate: false, ...options }),
    async dispose() {
      await storage.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty, migrated storage of `kind`; `dispose()` also drops its database or file. */
export async function createTestStorage(kind: DatabaseKind, options: TestStorageOptions = {}): Promise<TestStorage> {
  if (kind === 'mysql') return mysqlStorage(options);
  if (kind === 'sqlite') return sqliteStorage(options);
  const { createMemoryStorage } = await import('@northstar/adapter-memory');
  return createMemoryStorage();
}
