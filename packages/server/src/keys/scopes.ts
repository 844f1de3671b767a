import type { SecretKeyScope } from '@northstar/core';
import type { ApiKeyRecord } from '../ports/index.js';

/** A secret key holds a set of scopes; `admin` implies every scope. SDK keys hold none. */
export function keyHasScope(key: ApiKeyRecord, scope: SecretKeyScope): boolean {
  return key.kind === 'sk' && (key.scopes.includes(scope) || key.scopes.includes('admin'));
}
