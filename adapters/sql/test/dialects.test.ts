import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import knex from 'knex';
import type { Knex } from 'knex';
import { DIALECTS, dialectOfKnex, toDialect } from '../src/dialects/index.js';
import { mysqlDialect } from '../src/dialects/mysql.js';
import { sqliteDialect } from '../src/dialects/sqlite.js';
import { rowsPerStatement } from '../src/events/insert-ignore.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const rows = [
  [1, 'a'],
  [1, 'b'],
];

/** Every source file of the adapter outside `dialects/`, relative to `src/`. */
async function filesOutsideDialects(): Promise<string[]> {
  const entries = await readdir(SRC, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`dialects${path.sep}`));
}

describe('choosing a dialect', () => {
  it('finds the dialect of a name, and passes a dialect object through', () => {
    expect(toDialect('mysql')).toBe(mysqlDialect);
    expect(toDialect('sqlite')).toBe(sqliteDialect);
    expect(toDialect(sqliteDialect)).toBe(sqliteDialect);
    expect(Object.entries(DIALECTS).map(([name, dialect]) => [name, dialect.name])).toEqual([
      ['mysql', 'mysql'],
      ['sqlite', 'sqlite'],
    ]);
  });

  it('reads the dialect of an adopted knex from its client', async () => {
    const sqlite = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    const mysql = knex({ client: 'mysql2', connection: { host: '127.0.0.1', database: 'unused' } });
    try {
      expect(dialectOfKnex(sqlite)).toBe(sqliteDialect);
      expect(dialectOfKnex(mysql)).toBe(mysqlDialect);
    } finally {
      await Promise.all([sqlite.destroy(), mysql.destroy()]);
    }
    expect(() => dialectOfKnex({ client: { dialect: 'oracledb' } } as unknown as Knex)).toThrow(
      'Unsupported knex dialect: oracledb (expected mysql or sqlite3)',
    );
  });

  it('leaves no dialect-name comparison outside dialects/', async () => {
    const offenders: string[] = [];
    for (const file of await filesOutsideDialects()) {
      const text = await readFile(path.join(SRC, file), 'utf8');
      if (/dialect\s*[!=]==|[!=]==\s*'(mysql|sqlite)'/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});

describe('the statements of each dialect', () => {
  it('skips duplicate keys: INSERT IGNORE with the rows in one binding on MySQL, ON CONFLICT DO NOTHING with one per value on SQLite', () => {
    expect(mysqlDialect.insertIgnore('ns_users', ['project_id', 'user_id'], rows)).toEqual({
      sql: 'INSERT IGNORE INTO `ns_users` (`project_id`, `user_id`) VALUES ?',
      bindings: [rows],
    });
    expect(sqliteDialect.insertIgnore('ns_users', ['project_id', 'user_id'], rows)).toEqual({
      sql: 'INSERT INTO "ns_users" ("project_id", "user_id") VALUES (?, ?), (?, ?) ON CONFLICT DO NOTHING',
      bindings: [1, 'a', 1, 'b'],
    });
  });

  it('adds to existing counts: ON DUPLICATE KEY UPDATE on MySQL, ON CONFLICT (key) DO UPDATE on SQLite', () => {
    expect(mysqlDialect.upsertAdding('t', ['k'], ['n', 'm'], [[1, 2, 3]]).sql).toBe(
      'INSERT INTO `t` (`k`, `n`, `m`) VALUES ? ON DUPLICATE KEY UPDATE `n` = `n` + VALUES(`n`), `m` = `m` + VALUES(`m`)',
    );
    expect(sqliteDialect.upsertAdding('t', ['k'], ['n', 'm'], [[1, 2, 3]]).sql).toBe(
      'INSERT INTO "t" ("k", "n", "m") VALUES (?, ?, ?) ON CONFLICT ("k") DO UPDATE SET "n" = "n" + excluded."n", "m" = "m" + excluded."m"',
    );
  });

  it("keeps a statement within SQLite's bound-parameter cap, and at 5,000 rows on either", () => {
    expect(rowsPerStatement(mysqlDialect, 11)).toBe(5_000);
    expect(rowsPerStatement(sqliteDialect, 11)).toBe(2_978);
    expect(rowsPerStatement(sqliteDialect, 2)).toBe(5_000);
  });

  it('buckets days and months, casts keys to text and compares NULLs in each SQL', () => {
    expect(
      [mysqlDialect, sqliteDialect].map((dialect) => [
        dialect.intDiv('ts', 1000),
        dialect.monthStart('d'),
        dialect.integerText('k'),
        dialect.nullSafeEqual('a', 'b'),
      ]),
    ).toEqual([
      ['(ts DIV 1000)', "DATE_FORMAT(DATE_ADD('1970-01-01', INTERVAL d DAY), '%Y-%m-01')", 'CAST(k AS CHAR)', 'a <=> b'],
      ['(ts / 1000)', "strftime('%Y-%m-01', d * 86400, 'unixepoch')", 'CAST(k AS TEXT)', 'a IS b'],
    ]);
  });

  it('reads the rows of a raw result: [rows, fields] from mysql2, the rows from better-sqlite3', () => {
    expect(mysqlDialect.rawRows([[{ a: 1 }], []])).toEqual([{ a: 1 }]);
    expect(sqliteDialect.rawRows([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(sqliteDialect.rawRows(undefined)).toEqual([]);
  });
});

describe('the driver errors of each dialect', () => {
  it('retries deadlocks and lock-wait timeouts on MySQL, busy and locked databases on SQLite, nothing else', () => {
    const errors = [
      { errno: 1213 },
      { errno: 1205 },
      { code: 'SQLITE_BUSY' },
      { code: 'SQLITE_BUSY_SNAPSHOT' },
      { code: 'SQLITE_LOCKED' },
      { code: 'ER_DUP_ENTRY', errno: 1062 },
      new Error('x'),
      null,
    ];
    expect(errors.map((error) => mysqlDialect.isRetryable(error))).toEqual([true, true, false, false, false, false, false, false]);
    expect(errors.map((error) => sqliteDialect.isRetryable(error))).toEqual([false, false, true, true, true, false, false, false]);
  });
});
