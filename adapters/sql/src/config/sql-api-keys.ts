import type { ApiKeyKind, ApiKeyRecord, ApiKeySummary, ConfigStore, NewApiKey } from '@northstar/server';
import type { SecretKeyScope } from '@northstar/core';
import { TABLES } from './sql-config-context.js';
import type { SqlConfigContext } from './sql-config-context.js';
import { orConflict } from './sql-conflicts.js';
import { parseJson, toEpoch, toIso, toIsoOrNull, toNumber } from './sql-values.js';

type ApiKeyMethods = Pick<ConfigStore, 'createApiKey' | 'findApiKeyByHash' | 'getApiKey' | 'listApiKeys' | 'revokeApiKey' | 'touchApiKey'>;

type Epoch = number | string;

interface ApiKeyRow {
  id: number;
  project_id: number;
  kind: string;
  name: string | null;
  scopes: string;
  hash: string;
  prefix: string;
  created_at: Epoch;
  revoked_at: Epoch | null;
  last_used_at: Epoch | null;
}

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  id: toNumber(row.id),
  project_id: toNumber(row.project_id),
  kind: row.kind as ApiKeyKind,
  name: row.name,
  scopes: parseJson<SecretKeyScope[]>(row.scopes),
  hash: row.hash,
  prefix: row.prefix,
  created_at: toIso(row.created_at),
  revoked_at: toIsoOrNull(row.revoked_at),
  last_used_at: toIsoOrNull(row.last_used_at),
});

function toSummary(row: ApiKeyRow): ApiKeySummary {
  const { hash: _hash, ...summary } = toApiKey(row);
  return summary;
}

export function sqlApiKeys({ db, dialect, now }: SqlConfigContext): ApiKeyMethods {
  const keys = () => db<ApiKeyRow>(TABLES.apiKeys);

  return {
    async createApiKey(input: NewApiKey): Promise<ApiKeyRecord> {
      const row = {
        project_id: input.project_id,
        kind: input.kind,
        name: input.name ?? null,
        scopes: JSON.stringify(input.scopes),
        hash: input.hash,
        prefix: input.prefix,
        created_at: now(),
        revoked_at: input.revoked_at === null ? null : toEpoch(input.revoked_at),
        last_used_at: null,
      };
      const [id] = await orConflict(dialect, 'api_key_hash', async () => keys().insert(row));
      return toApiKey({ ...row, id: toNumber(id ?? 0) });
    },

    async findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
      const row = await keys().where('hash', hash).first();
      return row && toApiKey(row);
    },

    async getApiKey(id: number): Promise<ApiKeySummary | undefined> {
      const row = await keys().where('id', id).first();
      return row && toSummary(row);
    },

    async listApiKeys(projectId: number): Promise<ApiKeySummary[]> {
      const rows: ApiKeyRow[] = await keys().where('project_id', projectId).orderBy('id');
      return rows.map(toSummary);
    },

    async revokeApiKey(id: number, revokedAt: string): Promise<boolean> {
      const at = toEpoch(revokedAt);
      if ((await keys().where('id', id).whereNull('revoked_at').update({ revoked_at: at })) > 0) return true;
      return (await keys().where('id', id).first('id')) !== undefined;
    },

    async touchApiKey(id: number, lastUsedAt: string): Promise<void> {
      const at = toEpoch(lastUsedAt);
      await keys()
        .where('id', id)
        .andWhere((q) => void q.whereNull('last_used_at').orWhere('last_used_at', '<', at))
        .update({ last_used_at: at });
    },
  };
}
