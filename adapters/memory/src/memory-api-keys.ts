import { ConflictError } from '@northstar/core';
import type { ApiKeyRecord, ApiKeySummary, ConfigStore, NewApiKey } from '@northstar/server';
import type { MemoryConfigState } from './memory-config-state.js';
import { isoTime, settle } from './memory-config-values.js';

type ApiKeyMethods = Pick<ConfigStore, 'createApiKey' | 'findApiKeyByHash' | 'getApiKey' | 'listApiKeys' | 'revokeApiKey' | 'touchApiKey'>;

const copy = (key: ApiKeyRecord): ApiKeyRecord => ({ ...key, scopes: [...key.scopes] });

function summary(key: ApiKeyRecord): ApiKeySummary {
  const { hash: _hash, ...rest } = copy(key);
  return rest;
}

export function memoryApiKeys(state: MemoryConfigState): ApiKeyMethods {
  const { apiKeys } = state.tables;
  const byHash = new Map<string, number>();
  const find = (hash: string): ApiKeyRecord | undefined => {
    const id = byHash.get(hash);
    const key = id === undefined ? undefined : apiKeys.get(id);
    if (id !== undefined && !key) byHash.delete(hash); // the key went with its project
    return key;
  };

  return {
    createApiKey: (input: NewApiKey) =>
      settle(() => {
        const revokedAt = input.revoked_at === null ? null : isoTime(input.revoked_at);
        if (find(input.hash)) throw new ConflictError('api_key_hash');
        const record: ApiKeyRecord = {
          id: state.nextId('apiKeys'),
          project_id: input.project_id,
          kind: input.kind,
          name: input.name ?? null,
          scopes: [...input.scopes],
          hash: input.hash,
          prefix: input.prefix,
          created_at: state.now(),
          revoked_at: revokedAt,
          last_used_at: null,
        };
        apiKeys.set(record.id, record);
        byHash.set(record.hash, record.id);
        return copy(record);
      }),

    findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
      const key = find(hash);
      return Promise.resolve(key && copy(key));
    },

    getApiKey(id: number): Promise<ApiKeySummary | undefined> {
      const key = apiKeys.get(id);
      return Promise.resolve(key && summary(key));
    },

    listApiKeys(projectId: number): Promise<ApiKeySummary[]> {
      return Promise.resolve([...apiKeys.values()].filter((key) => key.project_id === projectId).map(summary));
    },

    revokeApiKey: (id: number, revokedAt: string) =>
      settle(() => {
        const at = isoTime(revokedAt);
        const key = apiKeys.get(id);
        if (key) key.revoked_at ??= at;
        return key !== undefined;
      }),

    touchApiKey: (id: number, lastUsedAt: string) =>
      settle(() => {
        const at = isoTime(lastUsedAt);
        const key = apiKeys.get(id);
        if (key && (key.last_used_at === null || key.last_used_at < at)) key.last_used_at = at;
      }),
  };
}
