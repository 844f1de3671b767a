import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SqliteTarget } from '../sql-url.js';
import type { ConnectionDone, SqlConnection } from './sql-connection.js';

interface SqliteConnection {
  pragma(source: string): unknown;
}

/** A better-sqlite3 pool: WAL, foreign keys on, and a busy timeout; the file's folder is created. */
export function sqliteConnection(target: SqliteTarget, timeoutMs: number): SqlConnection {
  return {
    driver: 'better-sqlite3',
    async knexConfig() {
      if (target.filename !== ':memory:') await mkdir(dirname(target.filename), { recursive: true });
      return {
        client: 'better-sqlite3',
        connection: { filename: target.filename },
        useNullAsDefault: true,
        acquireConnectionTimeout: timeoutMs,
        pool: {
          afterCreate(connection: SqliteConnection, done: ConnectionDone) {
            try {
              connection.pragma('journal_mode = WAL');
              connection.pragma('synchronous = NORMAL');
              connection.pragma('foreign_keys = ON');
              connection.pragma(`busy_timeout = ${timeoutMs}`);
              done(null, connection);
            } catch (error) {
              done(error instanceof Error ? error : new Error(String(error)), connection);
            }
          },
        },
      };
    },
  };
}
