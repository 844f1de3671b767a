import type { SecretKeyScope } from '@northstar/core';

export type ProjectPlan = 'free' | 'pro' | 'enterprise';

export interface ProjectRecord {
  /** Integer id assigned by the store. */
  id: number;
  name: string;
  plan: ProjectPlan;
  /** ISO 8601 UTC. */
  created_at: string;
}

export type ApiKeyKind = 'pk' | 'sk';

export interface ApiKeyRecord {
  id: number;
  project_id: number;
  kind: ApiKeyKind;
  /** Empty for `pk` keys. */
  scopes: SecretKeyScope[];
  /** sha256 hex of the full key; the key itself is never stored. */
  hash: string;
  /** First characters of the key, shown for identification. */
  prefix: string;
  /** ISO 8601 UTC. */
  created_at: string;
  /** ISO 8601 UTC, or null while the key is valid. */
  revoked_at: string | null;
}

export type NewApiKey = Omit<ApiKeyRecord, 'id' | 'created_at'>;

export interface ConfigStore {
  createProject(input: { name: string; plan: ProjectPlan }): Promise<ProjectRecord>;
  getProject(id: number): Promise<ProjectRecord | undefined>;
  createApiKey(input: NewApiKey): Promise<ApiKeyRecord>;
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  /** Marks a key revoked; returns false when no key has this id. */
  revokeApiKey(id: number, revokedAt: string): Promise<boolean>;
}
