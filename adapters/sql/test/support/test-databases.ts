import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mysqlAdminQuery, testMysqlUrl } from '@northstar/adapter-testing';

/** An empty database of a test's own: its URL, and `drop()` to remove it afterwards. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A uniquely named, empty MySQL/MariaDB database on the test server (`ns_test_<time>_<suffix>`). */
export async function createMysqlDatabase(suffix: string): Promise<TestDatabase> {
  const name = `ns_test_${Date.now().toString(36)}_${suffix}`;
  const base = new URL(testMysqlUrl());
  const admin = (sql: string) => mysqlAdminQuery(sql, [name]);
  await admin('CREATE DATABASE ?? CHARACTER SET utf8mb4');
  return { url: new URL(name, base).href, drop: async () => void (await admin('DROP DATABASE IF EXISTS ??')) };
}

/** A SQLite file in a fresh temporary folder; `drop()` removes the folder. */
export async function createSqliteDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ns-sqlite-'));
  return { url: `sqlite:${path.join(dir, 'data.db')}`, drop: () => rm(dir, { recursive: true, force: true }) };
}
