import type { NewApiKey } from '@northstar/server';

/** The one timestamp form of the ConfigStore port. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const HASH = 'a'.repeat(64);

export function newKey(projectId: number, overrides: Partial<NewApiKey> = {}): NewApiKey {
  return { project_id: projectId, kind: 'sk', scopes: ['query', 'read'], hash: HASH, prefix: 'sk_abcdefghi', revoked_at: null, ...overrides };
}
