import type { AuthenticationDependencies } from '../access/authenticate-request.js';
import { keyUseRecorder } from '../keys/record-key-use.js';
import type { NorthstarLogger, NorthstarRouterOptions } from '../http/options.js';
import type { ConfigStore } from '../ports/index.js';
import { createAccessTokenService } from './access-token.js';
import { resolveJwtSecret } from './jwt-secret.js';

type AuthenticationParts = Pick<AuthenticationDependencies, 'verifyAccessToken' | 'accessTokens' | 'recordKeyUse'>;

/**
 * The token and key machinery of one router: the access-token signer and verifier (one secret), and
 * the throttled `last_used_at` recorder. `config` is the guarded store (storage failures are 503).
 */
export function createAuthentication(options: NorthstarRouterOptions, config: ConfigStore, clock: () => number, logger: NorthstarLogger): AuthenticationParts {
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
