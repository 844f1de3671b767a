import type { Request } from 'express';
import { SDK_KEY_PREFIX, SECRET_KEY_PREFIX } from '@northstar/core';
import { ForbiddenError, UnauthorizedError } from '../errors/index.js';
import { authenticateApiKey } from '../keys/authenticate-key.js';
import { apiKeyFromBody, bearerToken, sdkKeyFrom } from './credentials.js';
import type { AuthenticationDependencies } from '../auth/authentication.js';
import type { Principal } from './principal.js';

/** An SDK key from `X-API-Key`, `Authorization: Bearer pk_...` or the body's `api_key`; anything else is 401. */
export async function authenticateSdkRequest(req: Request, deps: AuthenticationDependencies): Promise<Principal> {
  const presented = sdkKeyFrom(req, apiKeyFromBody(req.body));
  if (!presented) throw new UnauthorizedError('Missing SDK key: send X-API-Key: pk_...');
  const key = presented.startsWith(SDK_KEY_PREFIX) ? await deps.authenticateSdkKey(presented) : undefined;
  if (!key || key.kind !== 'pk') throw new UnauthorizedError('Invalid SDK key');
  deps.recordKeyUse(key);
  return { kind: 'sdk_key', key };
}

/**
 * The caller of an application route from `Authorization: Bearer`: a secret key or an access JWT.
 * A valid SDK key is a credential of the wrong kind (403), in `X-API-Key` too; anything else in
 * `X-API-Key` (a secret key, a token) is 401: application routes read it from `Authorization` only.
 * Anything unknown, revoked or expired is 401.
 */
export async function authenticateAppRequest(req: Request, deps: AuthenticationDependencies): Promise<Principal> {
  const token = bearerToken(req) ?? sdkKeyInHeader(req);
  if (!token) throw new UnauthorizedError('Missing credentials: send Authorization: Bearer <secret key or access token>');
  if (token.startsWith(SECRET_KEY_PREFIX) || token.startsWith(SDK_KEY_PREFIX)) {
    const key = await authenticateApiKey(deps.config, token);
    if (!key) throw new UnauthorizedError('Invalid API key');
    if (key.kind === 'pk') throw new ForbiddenError('SDK keys can only send events; use a secret key');
    deps.recordKeyUse(key);
    return { kind: 'secret_key', key };
  }
  const claims = await deps.verifyAccessToken(token);
  if (!claims) throw new UnauthorizedError('Invalid or expired access token');
  return { kind: 'account', accountId: claims.accountId };
}

/** An SDK key in `X-API-Key` (answered 403 as the wrong kind); any other value there is refused with 401. */
function sdkKeyInHeader(req: Request): string | undefined {
  const header = req.get('x-api-key')?.trim();
  if (!header) return undefined;
  if (header.startsWith(SDK_KEY_PREFIX)) return header;
  throw new UnauthorizedError('Application routes read secret keys and access tokens from Authorization: Bearer only, not X-API-Key');
}
