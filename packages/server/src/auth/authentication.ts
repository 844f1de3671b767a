import type { AuthenticateSdkKey } from '../ingest/sdk-key-cache.js';
import { keyUseRecorder } from '../keys/record-key-use.js';
import type { RecordKeyUse } from '../keys/record-key-use.js';
import type { ConfigStore } from '../ports/index.js';
import type { NorthstarLogger } from '../ports/logger.js';
import { createAccessTokenService } from './access-token.js';
import type { AccessTokenClaims, AccessTokenService } from './access-token.js';
import type { AuthOptions } from './auth-options.js';
import { createEmbedTokenService } from './embed-token.js';
import type { EmbedTokenService } from './embed-token.js';
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
  /** Signs and verifies embed tokens (`GET /v1/embed/:token`), with the same secret and another audience. */
  embedTokens: EmbedTokenService;
  /** Notes that an API key authenticated (`last_used_at`), throttled and off the request path. */
  recordKeyUse: RecordKeyUse;
}

type AuthenticationParts = Pick<AuthenticationDependencies, 'verifyAccessToken' | 'accessTokens' | 'embedTokens' | 'recordKeyUse'>;

/**
 * The token and key machinery of one app: the access-token and embed-token signers and verifiers (one
 * secret, two audiences), and the throttled `last_used_at` recorder. `config` is the guarded store (storage failures are 503).
 */
export function createAuthentication(options: AuthOptions, config: ConfigStore, clock: () => number, logger: NorthstarLogger): AuthenticationParts {
  const warn = (message: string): void => (logger.warn ? logger.warn(message) : logger.info?.(message));
  const secret = resolveJwtSecret(options.jwtSecret, warn);
  const accessTokens = createAccessTokenService({ secret, clock });
  return {
    accessTokens,
    embedTokens: createEmbedTokenService({ secret, clock }),
    async verifyAccessToken(token) {
      const claims = await accessTokens.verify(token);
      // A deleted account's tokens die with it, not 15 minutes later.
      return claims && (await config.getAccount(claims.accountId)) ? claims : undefined;
    },
    recordKeyUse: keyUseRecorder({ config, clock, intervalMs: options.apiKeyTouchIntervalMs ?? 60_000 }),
  };
}
