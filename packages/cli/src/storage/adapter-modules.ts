import type { DatabaseTarget } from './database-url.js';
import type { StorageAdapter } from '@northstar/server/app';

/** What the CLI needs of `@northstar/adapter-sql` (checked at run time, see `loadAdapter`). */
interface SqlAdapterModule {
  /** `createDatabase` makes a missing MySQL/MariaDB database (utf8mb4) before migrating. */
  createSqlStorage(options: { url: string; migrate?: boolean; createDatabase?: boolean }): Promise<StorageAdapter>;
  migrateSql(options: { url: string; createDatabase?: boolean }): Promise<void>;
}

interface MemoryAdapterModule {
  createMemoryStorage(): StorageAdapter;
}

/**
 * Loaded on demand, so that `memory:` never loads knex: the specifier is a variable, and tests pass a
 * loader of their own (`ModuleLoader`).
 */
const SQL_ADAPTER = '@northstar/adapter-sql';
const MEMORY_ADAPTER = '@northstar/adapter-memory';

function isModuleNotFound(error: unknown, specifier: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(specifier);
}

/**
 * Loads a module; tests pass their own to simulate a missing package.
 * @default (specifier) => import(specifier)
 */
export type ModuleLoader = (specifier: string) => Promise<unknown>;

export const importModule: ModuleLoader = (specifier) => import(specifier);

/** What to install for each kind of database URL (the drivers are optional peers of `@northstar/cli`). */
const INSTALL: Record<DatabaseTarget['kind'], string> = {
  memory: MEMORY_ADAPTER,
  sqlite: `${SQL_ADAPTER} knex better-sqlite3`,
  mysql: `${SQL_ADAPTER} knex mysql2`,
};

async function loadAdapter<T>(specifier: string, exportName: string, target: DatabaseTarget, load: ModuleLoader): Promise<T> {
  let loaded: unknown;
  try {
    loaded = await load(specifier);
  } catch (error) {
    if (isModuleNotFound(error, specifier)) throw new Error(`${specifier} is not installed: npm install ${INSTALL[target.kind]}`, { cause: error });
    throw error;
  }
  const candidate = loaded as Record<string, unknown>;
  if (typeof candidate[exportName] !== 'function') throw new Error(`${specifier} does not export ${exportName}()`);
  return loaded as T;
}

/**
 * Opens the adapter of one database: the memory adapter, or the SQL adapter with its schema migrated
 * first unless `migrate` is false (a MySQL/MariaDB database that does not exist yet is then created first).
 */
export async function openAdapter(target: DatabaseTarget, migrate: boolean, load: ModuleLoader): Promise<StorageAdapter> {
  if (target.kind === 'memory') return (await loadAdapter<MemoryAdapterModule>(MEMORY_ADAPTER, 'createMemoryStorage', target, load)).createMemoryStorage();
  const sql = await loadAdapter<SqlAdapterModule>(SQL_ADAPTER, 'createSqlStorage', target, load);
  return sql.createSqlStorage({ url: target.url, migrate, createDatabase: migrate && target.kind === 'mysql' });
}

/** Brings one database (created when missing) to the latest schema; nothing to do for `memory:`. */
export async function migrateTarget(target: DatabaseTarget, load: ModuleLoader): Promise<void> {
  if (target.kind === 'memory') return;
  const sql = await loadAdapter<SqlAdapterModule>(SQL_ADAPTER, 'migrateSql', target, load);
  await sql.migrateSql({ url: target.url, createDatabase: target.kind === 'mysql' });
}
