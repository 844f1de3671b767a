import { join } from 'node:path';

/** Which storage a `DATABASE_URL` names. */
export type DatabaseKind = 'memory' | 'sqlite' | 'mysql';

export interface DatabaseTarget {
  kind: DatabaseKind;
  /** The URL as the adapter takes it (`sqlite:<path>`, `mysql://...`, `memory:`). */
  url: string;
  /** For logs: the URL without its password. */
  display: string;
}

/** The default database of the CLI: an SQLite file in the data directory, so data survives restarts. */
export function defaultDatabaseUrl(dataDir: string): string {
  return `sqlite:${join(dataDir, 'data.db')}`;
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Reads a database URL: `memory:`, `sqlite:./path.db`, `sqlite::memory:`, or
 * `mysql://user:pass@host:port/db` (`mariadb://` is taken as a synonym). `variable` names it in errors.
 * @param variable @default 'DATABASE_URL'
 */
export function parseDatabaseUrl(url: string, variable = 'DATABASE_URL'): DatabaseTarget {
  const trimmed = url.trim();
  if (trimmed === 'memory:' || trimmed === 'memory://') return { kind: 'memory', url: 'memory:', display: 'memory:' };
  if (trimmed.startsWith('sqlite:')) {
    const path = trimmed.slice('sqlite:'.length).replace(/^\/\//, '');
    if (path === '') throw new Error(`${variable} sqlite: needs a file path, e.g. sqlite:./.northstar/data.db`);
    return { kind: 'sqlite', url: `sqlite:${path}`, display: `sqlite:${path}` };
  }
  if (/^(mysql|mariadb):\/\//.test(trimmed)) {
    const mysql = trimmed.replace(/^mariadb:/, 'mysql:');
    const parsed = new URL(mysql);
    if (parsed.pathname.length <= 1) throw new Error(`${variable} mysql:// needs a database name, e.g. mysql://root@127.0.0.1:3306/northstar`);
    return { kind: 'mysql', url: mysql, display: withoutPassword(mysql) };
  }
  throw new Error(`${variable} must start with memory:, sqlite: or mysql://, got ${withoutPassword(trimmed)}`);
}
