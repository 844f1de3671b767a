import type { z } from 'zod';
import type { AccessTokenService } from '../../auth/access-token.js';
import { credentialChecker } from '../../auth/check-credentials.js';
import type { LoginProtection } from '../../auth/login-protection.js';
import { DEFAULT_SCRYPT_COST } from '../../auth/password-hash.js';
import type { ScryptCost } from '../../auth/password-hash.js';
import { createRefreshTokenService } from '../../auth/refresh-tokens.js';
import { UnauthorizedError } from '../../errors/index.js';
import type { AccountRecord, ConfigStore } from '../../ports/index.js';
import { accountView } from '../../schemas/auth.js';
import type { meResponseSchema, tokenResponseSchema } from '../../schemas/auth.js';

export type TokenResponse = z.output<typeof tokenResponseSchema>;
export type MeResponse = z.output<typeof meResponseSchema>;

/** A session opened or renewed: the answer with the access token, and the refresh token for its cookie. */
export interface SignedIn {
  tokens: TokenResponse;
  /** The new refresh token; the HTTP layer sets it as an httpOnly cookie. */
  refreshToken: string;
}

export interface AuthServiceDeps {
  config: ConfigStore;
  accessTokens: AccessTokenService;
  /** The password-hash gate and failed sign-in counter. */
  loginProtection: LoginProtection;
  /** Cost of password hashes; a stored hash of another cost is upgraded at sign-in. @default DEFAULT_SCRYPT_COST */
  passwordHashCost: ScryptCost | undefined;
  /** Epoch ms. */
  clock: () => number;
}

/** Accounts' sessions (docs/auth.md): sign-in with a password, refresh-token rotation, sign-out, the signed-in account. */
export function authService({ config, accessTokens, loginProtection, passwordHashCost, clock }: AuthServiceDeps) {
  const checkCredentials = credentialChecker(config, passwordHashCost ?? DEFAULT_SCRYPT_COST, loginProtection);
  const refreshTokens = createRefreshTokenService(config, clock);

  const signedIn = async (account: AccountRecord, refreshToken: string): Promise<SignedIn> => {
    const accessToken = await accessTokens.sign(account.id);
    return {
      tokens: { access_token: accessToken, token_type: 'Bearer', expires_in: accessTokens.lifetimeSeconds, account: accountView(account) },
      refreshToken,
    };
  };

  return {
    /** Checks the password (401; 429 `TooManyRequestsError` after too many failures) and opens a session. */
    async login(email: string, password: string): Promise<SignedIn> {
      const account = await checkCredentials(email, password);
      const { token } = await refreshTokens.issue(account.id);
      return signedIn(account, token);
    },

    /** Rotates a refresh token into a new session; a reused, expired or unknown one is 401 (reuse revokes its family). */
    async refresh(presented: string): Promise<SignedIn> {
      const { accountId, issued } = await refreshTokens.rotate(presented);
      const account = await config.getAccount(accountId);
      if (!account) {
        await refreshTokens.revokeFamilyOf(issued.token);
        throw new UnauthorizedError('The account no longer exists');
      }
      return signedIn(account, issued.token);
    },

    /** Revokes a refresh token and its rotations; an unknown one is no error. */
    logout: (presented: string): Promise<void> => refreshTokens.revokeFamilyOf(presented),

    /** The account and its memberships; 401 when the account is gone. */
    async me(accountId: number): Promise<MeResponse> {
      const account = await config.getAccount(accountId);
      if (!account) throw new UnauthorizedError('The account no longer exists');
      const memberships = await config.listAccountMemberships(account.id);
      return { account: accountView(account), memberships: memberships.map(({ project_id, role }) => ({ project_id, role })) };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
