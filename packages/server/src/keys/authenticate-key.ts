import { timingSafeEqual } from 'node:crypto';
import { SDK_KEY_PREFIX, SECRET_KEY_PREFIX } from '@northstar/core';
import type { ApiKeyRecord, ConfigStore } from '../ports/index.js';
import { hashApiKey } from './hash-key.js';

const MAX_KEY_LENGTH = 200;

/**
 * The live key record for a presented key, or undefined when the key is unknown, revoked, or its
 * prefix does not match its kind. The store is searched by hash; the final comparison is constant-time.
 */
export async function authenticateApiKey(config: ConfigStore, presented: string): Promise<ApiKeyRecord | undefined> {
  if (presented.length === 0 || presented.length > MAX_KEY_LENGTH) return undefined;
  const hash = hashApiKey(presented);
  const record = await config.findApiKeyByHash(hash);
  if (!record || record.revoked_at !== null) return undefined;
  const expected = Buffer.from(record.hash, 'hex');
  const actual = Buffer.from(hash, 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const prefix = record.kind === 'pk' ? SDK_KEY_PREFIX : SECRET_KEY_PREFIX;
  return presented.startsWith(prefix) ? record : undefined;
}
