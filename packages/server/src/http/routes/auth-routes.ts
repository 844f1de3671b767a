import type { Request, Response } from 'express';
import { UnauthorizedError } from '../../errors/index.js';
import { TooManyRequestsError } from '../../limits/too-many-requests-error.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../../auth/refresh-cookie.js';
import { loginBodySchema, meResponseSchema, tokenResponseSchema } from '../../schemas/auth.js';
import type { SignedIn } from '../../services/auth/auth-service.js';
import type { ServerContext } from '../server-context.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition } from './route-definition.js';

/**
 * `/auth/login`, `/auth/refresh`, `/auth/logout`, `/auth/me` (docs/auth.md). Login and refresh are
 * public routes whose handlers check the credential they exchange: the password, the refresh cookie.
 */
export function authRoutes(ctx: ServerContext): RouteDefinition[] {
  const { auth } = ctx.services;

  /** The access token in the body, the refresh token in its cookie; neither may be cached. */
  const answerWithTokens = (req: Request, res: Response, { tokens, refreshToken }: SignedIn): void => {
    setRefreshCookie(req, res, refreshToken);
    res.set('Cache-Control', 'no-store');
    res.json(tokens);
  };

  const tokens = { 200: { description: 'Signed in: the access token; the refresh token is set as an httpOnly cookie', schema: tokenResponseSchema } };
  return [
    defineRoute({
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in with email and password',
      tag: 'Auth',
      access: { kind: 'public' },
      limit: 'login',
      // A cross-site form can post text/plain but not application/json: no login CSRF.
      body: { schema: loginBodySchema, jsonOnly: true },
      responses: tokens,
      errors: [401, 429],
      handler: async ({ body: { email, password } }, req, res) => {
        const session = await auth.login(email, password).catch((error: unknown) => {
          if (error instanceof TooManyRequestsError) res.set('Retry-After', String(error.retryAfterSeconds));
          throw error;
        });
        answerWithTokens(req, res, session);
      },
    }),
    {
      method: 'post',
      path: '/auth/refresh',
      summary: 'Exchange the refresh-token cookie for a new access token (the cookie rotates)',
      tag: 'Auth',
      access: { kind: 'public' },
      limit: 'api',
      responses: tokens,
      errors: [401],
      handler: async (_input, req, res) => {
        const presented = readRefreshCookie(req);
        try {
          if (!presented) throw new UnauthorizedError('Missing refresh token cookie; sign in again');
          answerWithTokens(req, res, await auth.refresh(presented));
        } catch (error) {
          if (error instanceof UnauthorizedError) clearRefreshCookie(req, res);
          throw error;
        }
      },
    },
    {
      method: 'post',
      path: '/auth/logout',
      summary: 'Sign out: revokes the refresh-token cookie (and its rotations) and clears it',
      tag: 'Auth',
      access: { kind: 'public' },
      limit: 'api',
      responses: { 204: { description: 'Signed out (also when no session was open)' } },
      handler: async (_input, req, res) => {
        const presented = readRefreshCookie(req);
        if (presented) await auth.logout(presented);
        clearRefreshCookie(req, res);
        res.set('Cache-Control', 'no-store').status(204).end();
      },
    },
    defineRoute({
      method: 'get',
      path: '/auth/me',
      summary: 'The signed-in account and its memberships',
      tag: 'Auth',
      access: { kind: 'account' },
      limit: 'api',
      responses: { 200: { description: 'The account of the access token', schema: meResponseSchema } },
      handler: async ({ principal: { accountId } }, _req, res) => {
        res.json(await auth.me(accountId));
      },
    }),
  ];
}
