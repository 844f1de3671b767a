import { CONNECT_TIMEOUT_MS } from './create-knex.js';
import { connectionOf } from './dialects/index.js';
import type { DriverLoader } from './load-driver.js';
import { parseSqlUrl } from './sql-url.js';

/**
 * Creates the database a URL names when it does not exist yet: on MySQL/MariaDB `CREATE DATABASE
 * ... CHARACTER SET utf8mb4`, as the URL's account (a one-line error gives the SQL to run when that
 * account may not). Nothing to do on SQLite, whose file (and folder) is created when opened.
 * Returns whether a database was created.
 */
export async function ensureSqlDatabase(url: string, requireDriver?: DriverLoader): Promise<boolean> {
  const connection = connectionOf(parseSqlUrl(url), CONNECT_TIMEOUT_MS);
  return connection.ensureDatabase ? connection.ensureDatabase(requireDriver) : false;
}
