import type { AuthenticateSdkKey } from '../ingest/sdk-key-cache.js';
import { keyUseRecorder } from '../keys/record-key-use.js';
import type { RecordKeyUse } from '../keys/record-key-use.js';
import type { ConfigStore } from '../ports/index.js';
import type { NorthstarLogger } from '../ports/logger.js';
import { createAccessTokenService } from './access-token.js';
import type { AccessTokenClaims, AccessTokenService } from './access-token.js';
import type { AuthOptions } from './auth-options.js';
import { resolveJwtSecret } from './jwt-secret.js';

/** What authentication needs from the app. */
export interface AuthenticationDependencies {
  config: ConfigStore;
  /** SDK keys, through the short-lived cache of the ingestion path. */
  authenticateSdkKey: AuthenticateSdkKey;
  /**
   * Verifies an access JWT (signature, pinned algorithm, `iss`, `aud`, expiry) and that its account
   * still exists; undefined when any of it fails.
   */
  verifyAccessToken(token: string): Promise<AccessTokenClaims | undefined>;
  /** Signs access tokens for the auth routes, with the key `verifyAccessToken` checks. */
  accessTokens: AccessTokenService;
  /** Notes that an API key authenticated (`last_used_at`), throttled and off the request path. */
  recordKeyUse: RecordKeyUse;
}

type AuthenticationParts = Pick<AuthenticationDependencies, 'verifyAccessToken' | 'accessTokens' | 'recordKeyUse'>;

/**
 * The token and key machinery of one app: the access-token signer and verifier (one secret), and
 * the throttled `last_used_at` recorder. `config` is the guarded store (storage failures are 503).
 */
export function createAuthentication(options: AuthOptions, config: ConfigStore, clock: () => number, logger: NorthstarLogger): AuthenticationParts {
  const warn = (message: string): void => (logger.warn ? logger.warn(message) : logger.info?.(message));
  const accessTokens = createAccessTokenService({ secret: resolveJwtSecret(options.jwtSecret, warn), clock });
  return {
    accessTokens,
    async verifyAccessToken(token) {
      const claims = await accessTokens.verify(token);
      // A deleted account's tokens die with it, not 15 minutes later.
      return claims && (await config.getAccount(claims.accountId)) ? claims : undefined;
    },
    recordKeyUse: keyUseRecorder({ config, clock, intervalMs: options.apiKeyTouchIntervalMs ?? 60_000 }),
  };
}
