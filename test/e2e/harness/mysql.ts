import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

/** The MariaDB of this machine (and of CI); override with NORTHSTAR_MYSQL_URL. */
export const MYSQL_SERVER_URL = process.env.NORTHSTAR_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** Whether a MySQL/MariaDB server answers at `MYSQL_SERVER_URL`. */
export async function mysqlIsUp(): Promise<boolean> {
  try {
    const connection = await createConnection({ uri: MYSQL_SERVER_URL, connectTimeout: 2_000 });
    await connection.end();
    return true;
  } catch {
    return false;
  }
}

export interface TestDatabase {
  name: string;
  /** `DATABASE_URL` of the new database. */
  url: string;
  /** The same database reached through another host and port (e.g. a proxy). */
  urlVia(host: string, port: number): string;
  drop(): Promise<void>;
}

/** Creates an empty, uniquely named database for one suite; `drop()` removes it. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string): Promise<void> => {
    const connection = await createConnection({ uri: MYSQL_SERVER_URL });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  const base = new URL(MYSQL_SERVER_URL);
  const urlVia = (host: string, port: number): string => {
    const url = new URL(`/${name}`, base);
    url.hostname = host;
    url.port = String(port);
    return url.toString();
  };
  return { name, url: new URL(`/${name}`, base).toString(), urlVia, drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}
