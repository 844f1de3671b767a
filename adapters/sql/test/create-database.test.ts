import { afterAll, describe, expect, it } from 'vitest';
import { createSqlStorage, ensureSqlDatabase, migrateSql } from '@northstar/adapter-sql';
import { databaseAvailable, mysqlAdminQuery, selectedDatabases, testMysqlUrl } from '@northstar/adapter-testing';

// A mysql:// URL naming a database the server does not have yet (a fresh MariaDB, `npm start`).
const mysqlUp = selectedDatabases().includes('mysql') && (await databaseAvailable('mysql'));
const base = new URL(testMysqlUrl());
const stamp = `${Date.now().toString(36)}_${process.pid}`;
const cleanup: string[] = [];

/** The URL of a database of this file that does not exist yet; dropped after the file. */
function missingDatabase(suffix: string): { name: string; url: string } {
  const name = `ns_test_${stamp}_${suffix}`;
  cleanup.push(`DROP DATABASE IF EXISTS \`${name}\``);
  return { name, url: new URL(name, base).href };
}

const charsetOf = async (name: string) =>
  (
    await mysqlAdminQuery<{ charset: string }[]>('SELECT DEFAULT_CHARACTER_SET_NAME AS charset FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name])
  )[0]?.charset;

afterAll(async () => {
  for (const sql of cleanup) await mysqlAdminQuery(sql);
});

describe('creating a missing database', () => {
  it('has nothing to create on SQLite, whose file is made when opened', async () => {
    expect(await ensureSqlDatabase('sqlite::memory:')).toBe(false);
  });

  it('explains how to install mysql2 when it is missing', async () => {
    const withoutMysql2 = (name: string) =>
      name === 'mysql2' ? Promise.reject(Object.assign(new Error('not found'), { code: 'ERR_MODULE_NOT_FOUND' })) : import(name);
    await expect(ensureSqlDatabase('mysql://root@127.0.0.1:3306/x', withoutMysql2)).rejects.toThrow(
      'The mysql dialect needs the mysql2 package: npm install mysql2',
    );
  });

  describe.runIf(mysqlUp)('on MySQL/MariaDB', () => {
    it('creates it in utf8mb4 once, and reports whether it did', async () => {
      const { name, url } = missingDatabase('ensure');
      expect(await ensureSqlDatabase(url)).toBe(true);
      expect(await charsetOf(name)).toBe('utf8mb4');
      expect(await ensureSqlDatabase(url)).toBe(false);
    });

    it('creates it before opening the storage when asked (createDatabase), then migrates it', async () => {
      const { url } = missingDatabase('storage');
      const storage = await createSqlStorage({ url, createDatabase: true });
      try {
        expect((await storage.config.createProject({ name: 'fresh', plan: 'free', settings: {} })).id).toBeGreaterThan(0);
      } finally {
        await storage.dispose();
      }
    });

    it('creates it before migrating when asked (migrateSql)', async () => {
      const { name, url } = missingDatabase('migrate');
      expect(await migrateSql({ url, createDatabase: true })).toContain('0001-events');
      expect(
        await mysqlAdminQuery<unknown[]>('SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [name, 'ns_events']),
      ).toHaveLength(1);
    });

    it('says in one line, without the password, that an account which may not create it must have it created', async () => {
      const user = `ns_test_${stamp}`.slice(0, 32);
      await mysqlAdminQuery('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', 'no-create-pw']);
      cleanup.push(`DROP USER IF EXISTS '${user}'@'%'`);
      const { name } = missingDatabase('denied');
      const url = new URL(name, base);
      url.username = user;
      url.password = 'no-create-pw';
      const failure = await ensureSqlDatabase(url.href).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toMatch(
        new RegExp(`^Database "${name}" does not exist on .* and the account ${user} may not create it: .*CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`),
      );
      expect(failure?.message).not.toContain('\n');
      expect(failure?.message).not.toContain('no-create-pw');
      expect(await charsetOf(name)).toBeUndefined();
    });

    it('says in one line that the server cannot be reached', async () => {
      await expect(ensureSqlDatabase('mysql://root@127.0.0.1:1/x')).rejects.toThrow(/^Cannot connect to MySQL\/MariaDB at 127\.0\.0\.1:1 as root: [^\n]*$/);
    });
  });
});
