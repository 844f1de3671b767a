import type { z } from 'zod';
import { HttpError, NotFoundError } from '../../errors/index.js';
import { createApiKey } from '../../keys/create-api-key.js';
import type { CreatedApiKey } from '../../keys/create-api-key.js';
import type { ApiKeySummary, ConfigStore } from '../../ports/index.js';
import { apiKeyView } from '../../schemas/api-key.js';
import type { ApiKeyView, createApiKeyBodySchema, createdApiKeySchema } from '../../schemas/api-key.js';

export type CreateApiKeyBody = z.output<typeof createApiKeyBodySchema>;
/** A key as listed, plus the full key: the one answer that holds it. */
export type ShownApiKey = z.output<typeof createdApiKeySchema>;

export interface ApiKeyServiceDeps {
  config: ConfigStore;
  /** Epoch ms. */
  clock: () => number;
}

function shownOnce(created: CreatedApiKey): ShownApiKey {
  return { ...apiKeyView(created.record), key: created.key };
}

/** API keys of a project (spec 2.3): list, create, rotate, revoke. */
export function apiKeyService({ config, clock }: ApiKeyServiceDeps) {
  const load = async (id: number, projectId: number): Promise<ApiKeySummary> => {
    const key = await config.getApiKey(id);
    // Another project's key is not found, whether it exists or not.
    if (!key || key.project_id !== projectId) throw new NotFoundError('API key not found');
    return key;
  };
  const now = () => new Date(clock()).toISOString();

  return {
    /** Every key of the project, revoked ones included; prefixes only, never the keys. */
    async list(projectId: number): Promise<{ items: ApiKeyView[] }> {
      const items = await config.listApiKeys(projectId);
      return { items: items.map(apiKeyView) };
    },

    /** A new SDK key (pk_) or secret key (sk_) with scopes. */
    create: async (projectId: number, input: CreateApiKeyBody): Promise<ShownApiKey> =>
      shownOnce(await createApiKey(config, { projectId, kind: input.kind, scopes: input.scopes, name: input.name ?? null })),

    /** A new key of the same kind, name and scopes; the old one is revoked (409 when it already was). */
    async rotate(projectId: number, id: number): Promise<ShownApiKey> {
      const old = await load(id, projectId);
      if (old.revoked_at !== null) throw new HttpError(409, 'This key is revoked; create a new one instead');
      const created = await createApiKey(config, { projectId, kind: old.kind, scopes: old.scopes, name: old.name });
      await config.revokeApiKey(old.id, now());
      return shownOnce(created);
    },

    /** Revokes a key (it stays listed with `revoked_at`); revoking a revoked key is no error. */
    async revoke(projectId: number, id: number): Promise<void> {
      const key = await load(id, projectId);
      await config.revokeApiKey(key.id, now());
    },
  };
}

export type ApiKeyService = ReturnType<typeof apiKeyService>;
