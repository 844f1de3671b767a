export interface MysqlTarget {
  dialect: 'mysql';
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface SqliteTarget {
  dialect: 'sqlite';
  /** A file path, or `:memory:`. */
  filename: string;
}

export type SqlTarget = MysqlTarget | SqliteTarget;

/**
 * Reads a database URL: `mysql://user:pass@host:port/db` (also `mariadb://`), `sqlite:./path/file.db`,
 * `sqlite:/abs/path.db` or `sqlite::memory:`.
 */
export function parseSqlUrl(url: string): SqlTarget {
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length).replace(/^\/\/(?=\/|\.)/, '');
    if (!filename) throw new Error('A sqlite URL needs a path: sqlite:./.northstar/data.db or sqlite::memory:');
    return { dialect: 'sqlite', filename };
  }
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!database) throw new Error('A mysql URL needs a database name: mysql://user:pass@host:3306/northstar');
    return {
      dialect: 'mysql',
      host: parsed.hostname || '127.0.0.1',
      port: parsed.port ? Number(parsed.port) : 3306,
      user: decodeURIComponent(parsed.username) || 'root',
      password: decodeURIComponent(parsed.password),
      database,
    };
  }
  const scheme = url.split(':')[0] ?? '';
  throw new Error(`Unsupported database URL scheme "${scheme}:" (use mysql:// or sqlite:)`);
}

export function dialectOfUrl(url: string): SqlTarget['dialect'] {
  return parseSqlUrl(url).dialect;
}
