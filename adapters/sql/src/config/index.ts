import type { ConfigStore } from '@northstar/server';
import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { sqlAccounts } from './sql-accounts.js';
import { sqlApiKeys } from './sql-api-keys.js';
import { sqlDocuments } from './sql-documents.js';
import { sqlMemberships } from './sql-memberships.js';
import { sqlProjects } from './sql-projects.js';
import { sqlRefreshTokens } from './sql-refresh-tokens.js';

export interface SqlConfigStoreOptions {
  /** Clock for `created_at` / `updated_at`, epoch ms. @default Date.now */
  now?: () => number;
}

/** The ConfigStore over knex, on the tables of migration `0002-config`. */
export function createSqlConfigStore(db: Knex, dialect: SqlDialect, options: SqlConfigStoreOptions = {}): ConfigStore {
  const context = { db, dialect, now: options.now ?? Date.now };
  return {
    ...sqlProjects(context),
    ...sqlAccounts(context),
    ...sqlMemberships(context),
    ...sqlApiKeys(context),
    ...sqlRefreshTokens(context),
    ...sqlDocuments(context),
  };
}
