import { beforeEach, describe, expect, it } from 'vitest';
import knex from 'knex';
import type { Knex } from 'knex';
import { ConflictError } from '@northstar/server';
import type { StorageAdapter } from '@northstar/server';
import { createSqlStorage } from '@northstar/adapter-sql';
import { mysqlDialect } from '../src/dialects/mysql.js';
import { sqliteDialect } from '../src/dialects/sqlite.js';
import { MIGRATIONS } from '../src/migrations/index.js';

/**
 * What the ConfigStore conformance cases (run on sqlite and mysql by sql.test.ts) cannot see: how the
 * SQL store lays its values out in the tables, and how it tells a uniqueness violation from other errors.
 */
const JAN_2 = Date.UTC(2024, 0, 2);

describe('SQL ConfigStore tables', () => {
  let db: Knex;
  let storage: StorageAdapter;
  beforeEach(async () => {
    db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    storage = await createSqlStorage({ knex: db, now: () => JAN_2 });
    return async () => {
      await storage.dispose();
      await db.destroy();
    };
  });

  it('stores timestamps as epoch milliseconds and gives them back as ISO UTC strings', async () => {
    const project = await storage.config.createProject({ name: 'Clock', plan: 'free' });
    const key = await storage.config.createApiKey({ project_id: project.id, kind: 'pk', scopes: [], hash: 'a'.repeat(64), prefix: 'pk_a', revoked_at: null });
    await storage.config.revokeApiKey(key.id, '2024-03-10T01:02:03+01:00');
    expect(project.created_at).toBe('2024-01-02T00:00:00.000Z');
    expect(await db('ns_projects').select('created_at', 'updated_at')).toEqual([{ created_at: JAN_2, updated_at: JAN_2 }]);
    expect(await db('ns_api_keys').select('revoked_at', 'last_used_at')).toEqual([{ revoked_at: Date.UTC(2024, 2, 10, 0, 2, 3), last_used_at: null }]);
    expect((await storage.config.getApiKey(key.id))?.revoked_at).toBe('2024-03-10T00:02:03.000Z');
  });

  it('keeps an email as given beside the lower-case copy that is unique', async () => {
    await storage.config.createAccount({ email: 'Ada@Example.COM', password_hash: 'h' });
    expect(await db('ns_accounts').select('email', 'email_normalized')).toEqual([{ email: 'Ada@Example.COM', email_normalized: 'ada@example.com' }]);
  });

  it('stores settings, scopes and document data as JSON text', async () => {
    const project = await storage.config.createProject({ name: 'Json', plan: 'pro', settings: { cors_origins: ['https://a.example'] } });
    await storage.config.createApiKey({
      project_id: project.id,
      kind: 'sk',
      scopes: ['read', 'query'],
      hash: 'b'.repeat(64),
      prefix: 'sk_b',
      revoked_at: null,
    });
    await storage.config.createDocument({ project_id: project.id, kind: 'flag', key: 'beta', data: { rollout: 10, note: 'ünï 🎉' } });
    expect(await db('ns_projects').first('settings')).toEqual({ settings: '{"cors_origins":["https://a.example"]}' });
    expect(await db('ns_api_keys').first('scopes')).toEqual({ scopes: '["read","query"]' });
    expect(await db('ns_documents').first('doc_key', 'data', 'version')).toEqual({ doc_key: 'beta', data: '{"rollout":10,"note":"ünï 🎉"}', version: 1 });
  });

  it('lets a database error that is not a uniqueness violation through unchanged', async () => {
    await db.schema.dropTable('ns_accounts');
    const create = storage.config.createAccount({ email: 'a@example.com', password_hash: 'h' });
    await expect(create).rejects.toThrow(/no such table/);
    await expect(create).rejects.not.toBeInstanceOf(ConflictError);
  });
});

describe('SQL ConfigStore plumbing', () => {
  it('lists the config migration after the events migration', () => {
    expect(MIGRATIONS.map((m) => m.name).slice(0, 2)).toEqual(['0001-events', '0002-config']);
  });

  it('recognises unique violations by driver code per dialect, and nothing else', () => {
    expect(mysqlDialect.isUniqueViolation({ code: 'ER_DUP_ENTRY' })).toBe(true);
    expect(sqliteDialect.isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(sqliteDialect.isUniqueViolation({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })).toBe(true);
    expect(sqliteDialect.isUniqueViolation({ code: 'SQLITE_CONSTRAINT_NOTNULL' })).toBe(false);
    expect(sqliteDialect.isUniqueViolation({ code: 'ER_DUP_ENTRY' })).toBe(false);
    expect(mysqlDialect.isUniqueViolation({ code: 'ER_NO_SUCH_TABLE' })).toBe(false);
    expect(mysqlDialect.isUniqueViolation(new Error('duplicate'))).toBe(false);
    expect(mysqlDialect.isUniqueViolation(null)).toBe(false);
  });
});
