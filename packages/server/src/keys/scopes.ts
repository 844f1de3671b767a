import { SECRET_KEY_SCOPES } from '@northstar/core';
import type { SecretKeyScope } from '@northstar/core';
import type { ApiKeyRecord } from '../ports/index.js';

/**
 * Scopes are ordered `query` < `read` < `write` < `admin` (`SECRET_KEY_SCOPES` order), and each implies
 * the ones below it: spec 4 lets the query routes take "query scope or higher".
 */
export function scopeImplies(held: SecretKeyScope, needed: SecretKeyScope): boolean {
  return SECRET_KEY_SCOPES.indexOf(held) >= SECRET_KEY_SCOPES.indexOf(needed);
}

/** A secret key holds a set of scopes; any of them at or above `scope` grants it. SDK keys hold none. */
export function keyHasScope(key: ApiKeyRecord, scope: SecretKeyScope): boolean {
  return key.kind === 'sk' && key.scopes.some((held) => scopeImplies(held, scope));
}
