import { afterAll, describe, expect, it, vi } from 'vitest';
import { databaseAvailable, mysqlAdminQuery, testMysqlUrl } from '@northstar/adapter-testing';
import { migrateDatabase, storageFromUrl } from '../src/storage/storage-from-url.js';

// `DATABASE_URL=mysql://root@127.0.0.1:3306/northstar npm start` on a server without that database.
// Runs on the test MariaDB (NORTHSTAR_TEST_MYSQL_URL); skipped loudly without one, a failure under CI=true.
const available = await databaseAvailable('mysql');
const base = new URL(testMysqlUrl());
const stamp = `${Date.now().toString(36)}_${process.pid}`;
const cleanup: string[] = [];

/** A database name of this test that does not exist yet; dropped after the file. */
function missingDatabase(suffix: string): string {
  const name = `ns_test_${stamp}_${suffix}`;
  cleanup.push(`DROP DATABASE IF EXISTS \`${name}\``);
  return name;
}

const charsetOf = async (name: string) =>
  (
    await mysqlAdminQuery<{ charset: string }[]>('SELECT DEFAULT_CHARACTER_SET_NAME AS charset FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name])
  )[0]?.charset;

afterAll(async () => {
  if (!available) return;
  for (const sql of cleanup) await mysqlAdminQuery(sql);
});

describe.skipIf(!available)('a DATABASE_URL naming a MySQL/MariaDB database that does not exist', () => {
  it('creates the database in utf8mb4 and migrates it, so the server starts', async () => {
    const name = missingDatabase('start');
    const { storage } = await storageFromUrl(new URL(name, base).href);
    try {
      expect(await charsetOf(name)).toBe('utf8mb4');
      const project = await storage.config.createProject({ name: 'fresh', plan: 'free', settings: {} });
      expect(project.id).toBeGreaterThan(0);
    } finally {
      await storage.dispose();
    }
  });

  it('is created by northstar-server migrate too', async () => {
    const name = missingDatabase('migrate');
    await migrateDatabase(new URL(name, base).href);
    expect(await charsetOf(name)).toBe('utf8mb4');
    const tables = await mysqlAdminQuery<unknown[]>('SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [
      name,
      'ns_events',
    ]);
    expect(tables).toHaveLength(1);
  });

  it('says in one line, without a stack trace, that an account which may not create it must have it created', async () => {
    const user = `ns_test_${stamp}`.slice(0, 32);
    await mysqlAdminQuery('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', 'no-create-pw']);
    cleanup.push(`DROP USER IF EXISTS '${user}'@'%'`);
    const name = missingDatabase('denied');
    const url = new URL(name, base);
    url.username = user;
    url.password = 'no-create-pw';
    // knex prints "Acquire connection error" with the driver's stack through console.log.
    const printed = [vi.spyOn(console, 'log'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
    try {
      const failure = await storageFromUrl(url.href).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure?.message).toMatch(
        new RegExp(`^Database "${name}" does not exist on .* and the account ${user} may not create it: .*CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`),
      );
      expect(failure?.message).not.toContain('\n');
      expect(failure?.message).not.toContain('no-create-pw');
      for (const print of printed) expect(print).not.toHaveBeenCalled();
      expect(await charsetOf(name)).toBeUndefined();
    } finally {
      for (const print of printed) print.mockRestore();
    }
  });

  it('keeps a database that exists, with its data', async () => {
    const name = missingDatabase('kept');
    const first = await storageFromUrl(new URL(name, base).href);
    const project = await first.storage.config.createProject({ name: 'kept', plan: 'free', settings: {} });
    await first.storage.dispose();
    const second = await storageFromUrl(new URL(name, base).href);
    try {
      expect((await second.storage.config.getProject(project.id))?.name).toBe('kept');
    } finally {
      await second.storage.dispose();
    }
  });
});
