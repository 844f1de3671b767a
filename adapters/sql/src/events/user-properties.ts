import type { Knex } from 'knex';
import type { UserProperties } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { bumpDataVersion } from './data-version.js';
import { inTransaction } from './transaction-retry.js';

type Stored = Record<string, string | number | boolean>;

/**
 * Merges with one upsert (JSON merge patch in the database: `null` deletes), so concurrent merges never
 * lose keys; user-property filters read them, so the data version moves in the same transaction.
 */
export async function setUserProperties(db: Knex, dialect: SqlDialect, projectId: number, userId: string, patch: UserProperties): Promise<void> {
  const clean: UserProperties = {};
  for (const [key, value] of Object.entries(patch)) if (key !== '__proto__') clean[key] = value;
  const initial = Object.fromEntries(Object.entries(clean).filter(([, value]) => value !== null));
  const patchJson = JSON.stringify(clean);
  const merged = dialect.jsonMergePatch(db, 'ns_user_properties.properties', patchJson);
  const now = Date.now();
  await inTransaction(db, dialect, async (trx) => {
    await trx('ns_user_properties')
      .insert({ project_id: projectId, user_id: userId, properties: JSON.stringify(initial), updated_at: now })
      .onConflict(['project_id', 'user_id'])
      .merge({ properties: merged, updated_at: now });
    await bumpDataVersion(trx, dialect, [projectId]);
  });
}

export async function getUserProperties(db: Knex, projectId: number, userId: string): Promise<Stored> {
  const row = (await db('ns_user_properties').first('properties').where({ project_id: projectId, user_id: userId })) as { properties: string } | undefined;
  return row ? (JSON.parse(row.properties) as Stored) : {};
}
