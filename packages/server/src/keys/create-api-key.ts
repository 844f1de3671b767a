import { randomBytes } from 'node:crypto';
import { SDK_KEY_PREFIX, SECRET_KEY_PREFIX } from '@northstar/core';
import type { SecretKeyScope } from '@northstar/core';
import type { ApiKeyKind, ApiKeyRecord, ConfigStore } from '../ports/index.js';
import { hashApiKey } from './hash-key.js';

/** Characters of a key kept visible for identification (`pk_` plus 9). */
export const KEY_PREFIX_LENGTH = 12;

export interface CreateApiKeyInput {
  projectId: number;
  kind: ApiKeyKind;
  /** Ignored for `pk` keys, which carry no scopes. @default [] */
  scopes?: SecretKeyScope[];
  /** A label shown in key lists. @default null */
  name?: string | null;
}

export interface CreatedApiKey {
  /** The full key. Shown once: only its hash and prefix are stored. */
  key: string;
  record: ApiKeyRecord;
}

/** Generates `pk_`/`sk_` + 32 random bytes (base64url), stores its sha256 and prefix, returns the key once. */
export async function createApiKey(config: ConfigStore, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const prefix = input.kind === 'pk' ? SDK_KEY_PREFIX : SECRET_KEY_PREFIX;
  const key = prefix + randomBytes(32).toString('base64url');
  const record = await config.createApiKey({
    project_id: input.projectId,
    kind: input.kind,
    name: input.name ?? null,
    scopes: input.kind === 'pk' ? [] : [...new Set(input.scopes ?? [])],
    hash: hashApiKey(key),
    prefix: key.slice(0, KEY_PREFIX_LENGTH),
    revoked_at: null,
  });
  return { key, record };
}
