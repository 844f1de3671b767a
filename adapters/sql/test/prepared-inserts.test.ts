import { afterAll, describe, expect, it } from 'vitest';
import { databaseAvailable, selectedDatabases } from '@northstar/adapter-testing';
import type { SqlDialect, SqlRow } from '../src/dialects/sql-dialect.js';
import { PREPARED_ROWS, mysqlPreparedInserts } from '../src/dialects/mysql-prepared.js';
import { insertIgnore, insertIgnoreReturning } from '../src/events/insert-ignore.js';
import { openKnex } from '../src/sql-storage.js';
import { createMysqlDatabase } from './support/test-databases.js';

/** Rows of (id, big, ratio, label): a 64-bit integer past 2^53, a double, text with characters outside the BMP, nulls. */
const rowsFrom = (first: number, count: number): SqlRow[] =>
  Array.from({ length: count }, (_, i) => {
    const id = first + i;
    return [id, id % 7 === 0 ? null : -9_223_372_036_854_775_000n + BigInt(id), id / 3, id % 5 === 0 ? '' : `row ${id} \u{1F600} é`];
  });

const COLUMNS = ['id', 'big', 'ratio', 'label'];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

if (selectedDatabases().includes('mysql')) {
  const available = await databaseAvailable('mysql');
  describe.skipIf(!available)('prepared inserts on mysql', { timeout: 60_000 }, () => {
    const opened = (async () => {
      const database = await createMysqlDatabase('prepared');
      cleanups.push(database.drop);
      const { db, dialect } = await openKnex({ url: database.url });
      cleanups.unshift(() => db.destroy());
      await db.raw('CREATE TABLE t (id INT PRIMARY KEY, big BIGINT NULL, ratio DOUBLE NOT NULL, label VARCHAR(200) NULL) ENGINE=InnoDB');
      // The slices each prepared statement took.
      const slices: number[] = [];
      const spying: SqlDialect = {
        ...dialect,
        prepared: { ...mysqlPreparedInserts, execute: (trx, sql, rows) => (slices.push(rows.length), mysqlPreparedInserts.execute(trx, sql, rows)) },
      };
      return { db, dialect: spying, slices };
    })();

    it('sends whole slices of prepared rows and the rest as text, answering exactly the rows it inserted', async () => {
      const { db, dialect, slices } = await opened;
      const inserted = await db.transaction((trx) => insertIgnoreReturning<{ id: number }>(trx, dialect, 't', COLUMNS, rowsFrom(1, 600), ['id']));
      expect(slices).toEqual([PREPARED_ROWS, PREPARED_ROWS]);
      expect(inserted.map((row) => row.id)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));

      slices.length = 0;
      // 500 rows again and 251 new ones: only the new ones come back, whichever statement carried them.
      const again = await db.transaction((trx) => insertIgnoreReturning<{ id: number }>(trx, dialect, 't', COLUMNS, rowsFrom(101, 751), ['id']));
      expect(slices).toEqual([PREPARED_ROWS, PREPARED_ROWS, PREPARED_ROWS]);
      expect(again.map((row) => row.id)).toEqual(Array.from({ length: 251 }, (_, i) => 601 + i));
    });

    it('stores exactly the values it was given, prepared or as text', async () => {
      const { db, dialect } = await opened;
      for (const [first, prepared] of [
        [2001, true],
        [3001, false],
      ] as const) {
        const rows = rowsFrom(first, PREPARED_ROWS + 3);
        if (prepared) await db.transaction((trx) => insertIgnore(trx, dialect, 't', COLUMNS, rows));
        else await insertIgnore(db, dialect, 't', COLUMNS, rows);
        const [stored] = (await db.raw('SELECT id, CAST(big AS CHAR) AS big, ratio, label FROM t WHERE id >= ? AND id < ? ORDER BY id', [
          first,
          first + rows.length,
        ])) as [unknown[]];
        expect(stored, prepared ? 'prepared' : 'text').toEqual(
          rows.map(([id, big, ratio, label]) => ({ id, big: big === null ? null : String(big), ratio, label })),
        );
      }
    });

    it('sends SQL text outside a transaction, where no one connection is held', async () => {
      const { db, dialect, slices } = await opened;
      slices.length = 0;
      await insertIgnore(db, dialect, 't', COLUMNS, rowsFrom(5001, 2 * PREPARED_ROWS));
      expect(slices).toEqual([]);
      expect(((await db.raw('SELECT COUNT(*) AS n FROM t WHERE id >= 5001')) as [{ n: number }[]])[0][0]!.n).toBe(2 * PREPARED_ROWS);
    });
  });
}
