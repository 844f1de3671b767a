import type { Knex } from 'knex';
import { connectionOf } from './dialects/index.js';
import { loadDriver } from './load-driver.js';
import type { DriverLoader } from './load-driver.js';
import type { SqlTarget } from './sql-url.js';

type KnexFactory = (config: Knex.Config) => Knex;

/** Fails fast when the database is down: the server maps storage errors to 503. */
export const CONNECT_TIMEOUT_MS = 5000;

function knexFactory(module: unknown): KnexFactory {
  const candidate: unknown =
    typeof module === 'function'
      ? module
      : ((module as { default?: unknown; knex?: unknown } | null)?.knex ?? (module as { default?: unknown } | null)?.default);
  if (typeof candidate !== 'function') throw new Error('The knex package did not export a knex() factory');
  return candidate as KnexFactory;
}

/** Loads knex and the dialect's driver (clear "npm install ..." errors when missing) and opens a pool. */
export async function createKnex(target: SqlTarget, load?: DriverLoader): Promise<Knex> {
  const factory = knexFactory(await loadDriver('knex', load));
  const connection = connectionOf(target, CONNECT_TIMEOUT_MS);
  await loadDriver(connection.driver, load);
  return factory(await connection.knexConfig());
}
