import type { DriverLoader } from '../load-driver.js';
import { loadDriver } from '../load-driver.js';
import type { MysqlTarget } from '../sql-url.js';

/** What creating a database needs of mysql2 (its promise API, reached from the main module). */
interface MysqlPromiseConnection {
  query(sql: string, values?: unknown[]): Promise<[unknown, unknown]>;
  end(): Promise<void>;
}

type CreateConnection = (options: object) => Promise<MysqlPromiseConnection>;

function createConnectionOf(module: unknown): CreateConnection {
  const candidates = [module, (module as { default?: unknown } | null)?.default];
  for (const candidate of candidates) {
    const create = (candidate as { createConnectionPromise?: unknown } | null)?.createConnectionPromise;
    if (typeof create === 'function') return create as CreateConnection;
  }
  throw new Error('The mysql2 package did not export createConnectionPromise()');
}

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * Makes sure the database `target` names exists, creating it (`CHARACTER SET utf8mb4`) when it does
 * not; returns whether it was created. Connects without a database, as the URL's account. Every
 * failure is one line without a stack trace: the server is down, or the account may not create
 * databases (the message gives the SQL to run).
 */
export async function ensureMysqlDatabase(target: MysqlTarget, timeoutMs: number, load?: DriverLoader): Promise<boolean> {
  const { host, port, user, database } = target;
  const createConnection = createConnectionOf(await loadDriver('mysql2', load));
  let connection: MysqlPromiseConnection;
  try {
    connection = await createConnection({ host, port, user, password: target.password, connectTimeout: timeoutMs });
  } catch (error) {
    throw new Error(`Cannot connect to MySQL/MariaDB at ${host}:${port} as ${user}: ${oneLine(error)}`);
  }
  try {
    const [rows] = await connection.query('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [database]);
    if (Array.isArray(rows) && rows.length > 0) return false;
    try {
      await connection.query('CREATE DATABASE IF NOT EXISTS ?? CHARACTER SET utf8mb4', [database]);
    } catch (error) {
      const sql = `CREATE DATABASE \`${database.replace(/`/g, '``')}\` CHARACTER SET utf8mb4`;
      throw new Error(
        `Database "${database}" does not exist on ${host}:${port} and the account ${user} may not create it: ${oneLine(error)}. Create it with ${sql}, or grant that account CREATE.`,
      );
    }
    return true;
  } finally {
    await connection.end().catch(() => undefined);
  }
}
