import { describe, expect, it } from 'vitest';
import { createSqlStorage, migrateSql, parseSqlUrl } from '@northstar/adapter-sql';
import type { DriverName } from '@northstar/adapter-sql';

/** A loader in which `missing` is not installed, as Node reports it. */
function without(missing: DriverName) {
  return (name: DriverName): Promise<unknown> => {
    if (name === missing) return Promise.reject(Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' }));
    return import(name) as Promise<unknown>;
  };
}

describe('loading the drivers', () => {
  it.each([
    ['mysql://root@127.0.0.1:3306/x', 'mysql2', 'The mysql dialect needs the mysql2 package: npm install mysql2'],
    ['sqlite::memory:', 'better-sqlite3', 'The sqlite dialect needs the better-sqlite3 package: npm install better-sqlite3'],
    ['sqlite::memory:', 'knex', 'The SQL storage adapter needs the knex package: npm install knex'],
  ] as const)('explains how to install what %s lacks (%s)', async (url, missing, message) => {
    await expect(createSqlStorage({ url, requireDriver: without(missing) })).rejects.toThrow(message);
    await expect(migrateSql({ url, requireDriver: without(missing) })).rejects.toThrow(`install ${missing}`);
  });

  it('passes other loading errors through unchanged', async () => {
    const broken = () => Promise.reject(new Error('native binding failed'));
    await expect(createSqlStorage({ url: 'sqlite::memory:', requireDriver: broken })).rejects.toThrow('native binding failed');
  });
});

describe('database URLs', () => {
  it('reads mysql and sqlite URLs', () => {
    expect(parseSqlUrl('mysql://app:p%40ss@db.local:3307/north')).toEqual({
      dialect: 'mysql',
      host: 'db.local',
      port: 3307,
      user: 'app',
      password: 'p@ss',
      database: 'north',
    });
    expect(parseSqlUrl('mysql://root@127.0.0.1/test')).toMatchObject({ port: 3306, password: '' });
    expect(parseSqlUrl('sqlite:./.northstar/data.db')).toEqual({ dialect: 'sqlite', filename: './.northstar/data.db' });
    expect(parseSqlUrl('sqlite::memory:')).toEqual({ dialect: 'sqlite', filename: ':memory:' });
    expect(parseSqlUrl('sqlite:/var/lib/ns.db')).toEqual({ dialect: 'sqlite', filename: '/var/lib/ns.db' });
  });

  it('refuses unknown schemes and URLs without a database', () => {
    expect(() => parseSqlUrl('postgres://localhost/x')).toThrow('Unsupported database URL scheme "postgres:"');
    expect(() => parseSqlUrl('mysql://root@127.0.0.1:3306/')).toThrow('needs a database name');
    expect(() => parseSqlUrl('sqlite:')).toThrow('needs a path');
  });
});
