import { SignJWT } from 'jose';
import { verifiedPayload } from './verify-jwt.js';

/** Claims of a verified access JWT. */
export interface AccessTokenClaims {
  accountId: number;
}

/** Seconds an access token lives (spec 5: 15 minutes). */
export const ACCESS_TOKEN_SECONDS = 900;
/** `iss` of every access token. */
export const ACCESS_TOKEN_ISSUER = 'northstar';
/** `aud` of every access token: the application API. Embed tokens must use another audience. */
export const ACCESS_TOKEN_AUDIENCE = 'northstar-api';
/** `typ` header (RFC 9068), checked on verify so that no other JWT signed with the secret passes. */
const TOKEN_TYPE = 'at+jwt';
/** The one algorithm signed and accepted: `alg: none` or RS/HS confusion cannot pass `jwtVerify`. */
const ALGORITHM = 'HS256';
const MAX_TOKEN_LENGTH = 2048;

export interface AccessTokenOptions {
  /** HMAC key, at least 32 bytes (see `resolveJwtSecret`). */
  secret: Uint8Array;
  /** Epoch ms; tokens are issued and checked against it, so a test clock can expire them. */
  clock: () => number;
  /** @default 900 */
  lifetimeSeconds?: number;
}

/** Signs and verifies the access JWTs of `POST /auth/login` and `POST /auth/refresh`. */
export interface AccessTokenService {
  readonly lifetimeSeconds: number;
  /** A token for `accountId` (`sub`), valid from now for `lifetimeSeconds`. */
  sign(accountId: number): Promise<string>;
  /** The claims of a token whose signature, algorithm, `typ`, `iss`, `aud` and `exp` check out; undefined otherwise. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

export function createAccessTokenService(options: AccessTokenOptions): AccessTokenService {
  const { secret, clock, lifetimeSeconds = ACCESS_TOKEN_SECONDS } = options;
  return {
    lifetimeSeconds,
    sign(accountId) {
      const now = Math.floor(clock() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
        .setSubject(String(accountId))
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + lifetimeSeconds)
        .sign(secret);
    },
    async verify(token) {
      const check = {
        typ: TOKEN_TYPE,
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp'],
        maxLength: MAX_TOKEN_LENGTH,
        clock,
      };
      const payload = await verifiedPayload(token, secret, check);
      const accountId = /^[1-9]\d{0,9}$/.test(payload?.sub ?? '') ? Number(payload?.sub) : NaN;
      return Number.isSafeInteger(accountId) ? { accountId } : undefined;
    },
  };
}
