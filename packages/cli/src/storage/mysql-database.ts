/** What this file needs of mysql2 (the SQL adapter's optional peer, loaded only for a mysql:// URL). */
interface MysqlModule {
  createConnection(options: object): Promise<MysqlConnection>;
}

interface MysqlConnection {
  query(sql: string, values?: unknown[]): Promise<[unknown, unknown]>;
  end(): Promise<void>;
}

/** A variable specifier: the server names the driver only at run time (see storage-from-url.ts). */
const MYSQL2 = 'mysql2/promise';

async function loadMysql2(): Promise<MysqlModule> {
  try {
    return (await import(MYSQL2)) as MysqlModule;
  } catch (error) {
    throw new Error(`The mysql dialect needs the mysql2 package: npm install mysql2 (${error instanceof Error ? error.message : String(error)})`);
  }
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * Makes sure the database a `mysql://` URL names exists, creating it (`CHARACTER SET utf8mb4`) when it
 * does not, so that `DATABASE_URL=mysql://root@127.0.0.1:3306/northstar npm start` works on a fresh
 * server. Every failure is one line without a stack trace (the server is down, or the account may not
 * create databases: the message gives the SQL to run). Returns whether the database was created.
 */
export async function ensureMysqlDatabase(url: string): Promise<boolean> {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.slice(1));
  const host = parsed.hostname || '127.0.0.1';
  const port = parsed.port ? Number(parsed.port) : 3306;
  const user = decodeURIComponent(parsed.username) || 'root';
  const mysql = await loadMysql2();
  let connection: MysqlConnection;
  try {
    connection = await mysql.createConnection({ host, port, user, password: decodeURIComponent(parsed.password), connectTimeout: 5_000 });
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
      throw new Error(`Database "${database}" does not exist on ${host}:${port} and the account ${user} may not create it: ${oneLine(error)}. Create it with ${sql}, or grant that account CREATE.`);
    }
    return true;
  } finally {
    await connection.end().catch(() => undefined);
  }
}
