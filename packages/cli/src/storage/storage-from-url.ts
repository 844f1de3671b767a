import { resolve } from 'node:path';
import { importModule, migrateTarget, openAdapter } from './adapter-modules.js';
import type { ModuleLoader } from './adapter-modules.js';
import { PORT_NAMES } from './database-ports.js';
import type { PortUrls } from './database-ports.js';
import { parseDatabaseUrl } from './database-url.js';
import type { DatabaseTarget } from './database-url.js';
import { composeStorage } from '@northstar/server/app';
import type { PortName, PortSources, StorageAdapter } from '@northstar/server/app';

export type { ModuleLoader } from './adapter-modules.js';

export interface StorageFromUrlOptions {
  /** Migrate each SQL database first (creating a missing MySQL/MariaDB database). @default true */
  migrate?: boolean;
  /**
   * Ports taken from other databases than the main URL's, e.g. the event data elsewhere:
   * `{ eventLog: url2, queryEngine: url2, people: url2, replays: url2 }` (`eventPortsAt(url2)`).
   * @default {} (every port from the main URL)
   */
  ports?: PortUrls;
  /** Loads the adapter packages. @default (specifier) => import(specifier) */
  load?: ModuleLoader;
}

/** A database in use, with the ports of the storage it serves. */
export interface OpenedDatabase extends DatabaseTarget {
  ports: PortName[];
}

export interface OpenedStorage {
  storage: StorageAdapter;
  /** The main URL's database: every port not taken from elsewhere (the configuration unless `ports.config` moves it). */
  target: DatabaseTarget;
  /** Every database in use, the main one first, each once, with the ports it serves. */
  databases: OpenedDatabase[];
}

interface PlannedDatabase {
  target: DatabaseTarget;
  /** The ports `options.ports` names it for. */
  named: PortName[];
}

/** One key per database: two spellings of one SQLite file, or `mariadb:` and `mysql:`, are one database. */
function databaseKey(target: DatabaseTarget): string {
  if (target.kind !== 'sqlite' || target.url === 'sqlite::memory:') return target.url;
  return `sqlite:${resolve(target.url.slice('sqlite:'.length))}`;
}

/** The distinct databases of `url` and `ports`, the main one first. */
function planDatabases(url: string, ports: PortUrls): [PlannedDatabase, ...PlannedDatabase[]] {
  const main: PlannedDatabase = { target: parseDatabaseUrl(url), named: [] };
  const planned = new Map<string, PlannedDatabase>([[databaseKey(main.target), main]]);
  for (const port of PORT_NAMES) {
    const portUrl = ports[port];
    if (portUrl === undefined) continue;
    const target = parseDatabaseUrl(portUrl, `ports.${port}`);
    const key = databaseKey(target);
    const database = planned.get(key) ?? { target, named: [] };
    planned.set(key, database);
    database.named.push(port);
  }
  return [main, ...[...planned.values()].slice(1)];
}

/** Disposes what was opened before a failure; the failure is what the caller hears about. */
async function disposeAfterFailure(adapters: readonly StorageAdapter[]): Promise<void> {
  for (const adapter of adapters) await adapter.dispose().catch(() => undefined);
}

/** A database other than the main one, opened. */
interface OpenedSource {
  database: PlannedDatabase;
  adapter: StorageAdapter;
}

/**
 * The base's ports with those of the other databases, each adapter named by its database (passwords
 * hidden) in `composeStorage`'s messages and in the composed storage's name.
 */
function compose(base: StorageAdapter, opened: readonly OpenedSource[]): StorageAdapter {
  const sources: PortSources = {};
  for (const { database, adapter } of opened) {
    // One source object per database: composeStorage tells adapters apart (and disposes them) by identity.
    const source = { ...adapter, name: database.target.display };
    for (const port of database.named) sources[port] = source;
  }
  return composeStorage(base, sources);
}

/**
 * Opens the storage a database URL names (see `parseDatabaseUrl`), with the ports of `options.ports` taken
 * from the databases their URLs name: each distinct database is opened (and migrated) once, and they are
 * composed with `composeStorage`, whose `TypeError` a combination it refuses fails with here, at once,
 * after closing what was opened. SQL schemas are migrated first unless `migrate` is false; a MySQL/MariaDB
 * database that does not exist yet is then created first. `storageFromUrl(url, migrate, load)` is the
 * older form of `storageFromUrl(url, { migrate, load })`.
 */
export async function storageFromUrl(url: string, options: StorageFromUrlOptions | boolean = {}, load?: ModuleLoader): Promise<OpenedStorage> {
  const { migrate = true, ports = {}, load: loader = load ?? importModule } = typeof options === 'boolean' ? { migrate: options } : options;
  const planned = planDatabases(url, ports);
  const [main, ...others] = planned;
  const base = await openAdapter(main.target, migrate, loader);
  const opened: OpenedSource[] = [];
  let storage: StorageAdapter = base;
  try {
    for (const database of others) opened.push({ database, adapter: await openAdapter(database.target, migrate, loader) });
    if (others.length > 0) storage = compose({ ...base, name: main.target.display }, opened);
  } catch (error) {
    await disposeAfterFailure([base, ...opened.map(({ adapter }) => adapter)]);
    throw error;
  }
  const servedBy = (port: PortName) =>
    Math.max(
      0,
      planned.findIndex((database) => database !== main && database.named.includes(port)),
    );
  const databases = planned.map(({ target }, i) => ({ ...target, ports: PORT_NAMES.filter((port) => storage[port] !== undefined && servedBy(port) === i) }));
  return { storage, target: main.target, databases };
}

/** Brings the database a URL names (created when missing) to the latest schema; nothing to do for `memory:`. */
export async function migrateDatabase(url: string, load: ModuleLoader = importModule): Promise<DatabaseTarget> {
  const target = parseDatabaseUrl(url);
  await migrateTarget(target, load);
  return target;
}

/** `migrateDatabase` for each distinct database of `urls`, in order; returns what each URL named, once each. */
export async function migrateDatabases(urls: readonly string[], load: ModuleLoader = importModule): Promise<DatabaseTarget[]> {
  const targets = new Map(urls.map((url) => parseDatabaseUrl(url)).map((target) => [databaseKey(target), target]));
  for (const target of targets.values()) await migrateTarget(target, load);
  return [...targets.values()];
}
