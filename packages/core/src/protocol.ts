/** Prefix of every API path. */
export const API_PREFIX = '/v1';
/** Public SDK keys: write events only. */
export const SDK_KEY_PREFIX = 'pk_';
/** Secret keys: application API, limited by scope. */
export const SECRET_KEY_PREFIX = 'sk_';
export const API_KEY_HEADER = 'X-API-Key';

export type SecretKeyScope = 'query' | 'read' | 'write' | 'admin';
export const SECRET_KEY_SCOPES: readonly SecretKeyScope[] = ['query', 'read', 'write', 'admin'];
