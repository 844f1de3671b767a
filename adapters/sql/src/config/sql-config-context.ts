import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/** What every part of the SQL config store shares. */
export interface SqlConfigContext {
  db: Knex;
  dialect: SqlDialect;
  /** Clock for `created_at` / `updated_at`, epoch ms. */
  now: () => number;
}

/** The config tables (migration `0002-config`). */
export const TABLES = {
  projects: 'ns_projects',
  accounts: 'ns_accounts',
  memberships: 'ns_memberships',
  apiKeys: 'ns_api_keys',
  refreshTokens: 'ns_refresh_tokens',
  documents: 'ns_documents',
} as const;
