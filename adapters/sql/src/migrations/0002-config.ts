import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { TABLES } from '../config/sql-config-context.js';
import type { SqlMigration } from './migration.js';

/** Longest email we store (RFC 5321 path limit is 256; 320 is the usual column size). */
const EMAIL = 320;
/** Longest document key; the server's schemas keep keys well below. */
const DOC_KEY = 200;

/**
 * The ConfigStore tables. Timestamps are BIGINT epoch ms; JSON is text, parsed by the store. On MySQL
 * the binary no-pad collation makes lookups and unique indexes byte-exact (hashes, lower-cased emails,
 * document keys: no case, accent or trailing-space folding), as TEXT is on SQLite. No foreign keys:
 * the store cascades deletes itself, in one transaction, the same way on both dialects.
 */
export const configMigration: SqlMigration = {
  name: '0002-config',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);
    const create = (name: string, build: (table: Knex.CreateTableBuilder) => void): Knex.SchemaBuilder =>
      db.schema.createTable(name, (table) => {
        style.tableOptions(table);
        build(table);
      });

    await create(TABLES.projects, (t) => {
      t.increments('id');
      t.string('name', 200).notNullable();
      t.string('plan', 32).notNullable();
      t.text('settings', 'mediumtext').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });

    await create(TABLES.accounts, (t) => {
      t.increments('id');
      t.string('email', EMAIL).notNullable();
      t.string('email_normalized', EMAIL).notNullable().unique({ indexName: 'ns_accounts_email_unique' });
      t.string('name', 200).nullable();
      t.string('password_hash', 1024).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });

    await create(TABLES.memberships, (t) => {
      t.integer('account_id').unsigned().notNullable();
      t.integer('project_id').unsigned().notNullable();
      t.string('role', 16).notNullable();
      t.bigInteger('created_at').notNullable();
      t.primary(['account_id', 'project_id'], 'ns_memberships_pk');
      t.index(['project_id', 'account_id'], 'ns_memberships_project');
    });

    await create(TABLES.apiKeys, (t) => {
      t.increments('id');
      t.integer('project_id').unsigned().notNullable();
      t.string('kind', 8).notNullable();
      t.string('name', 200).nullable();
      t.string('scopes', 255).notNullable();
      t.string('hash', 128).notNullable().unique({ indexName: 'ns_api_keys_hash_unique' });
      t.string('prefix', 32).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('revoked_at').nullable();
      t.bigInteger('last_used_at').nullable();
      t.index(['project_id', 'id'], 'ns_api_keys_project');
    });

    await create(TABLES.refreshTokens, (t) => {
      t.increments('id');
      t.string('hash', 128).notNullable().unique({ indexName: 'ns_refresh_tokens_hash_unique' });
      t.integer('account_id').unsigned().notNullable();
      t.string('family_id', 64).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('revoked_at').nullable();
      t.integer('replaced_by').unsigned().nullable();
      t.index(['family_id'], 'ns_refresh_tokens_family');
      t.index(['expires_at'], 'ns_refresh_tokens_expiry');
    });

    await create(TABLES.documents, (t) => {
      t.increments('id');
      t.integer('project_id').unsigned().notNullable();
      t.string('kind', 32).notNullable();
      t.string('doc_key', DOC_KEY).nullable();
      t.integer('parent_id').unsigned().nullable();
      t.text('data', 'longtext').notNullable();
      t.integer('version').unsigned().notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'kind', 'doc_key'], { indexName: 'ns_documents_key_unique' });
      t.index(['project_id', 'kind', 'id'], 'ns_documents_list');
      t.index(['project_id', 'kind', 'parent_id', 'id'], 'ns_documents_children');
      t.index(['parent_id'], 'ns_documents_parent');
    });
  },
};
