import type { CookieOptions, Request, Response } from 'express';
import { REFRESH_TOKEN_SECONDS } from './refresh-tokens.js';

/** Name of the refresh-token cookie. */
export const REFRESH_COOKIE = 'ns_refresh';

/**
 * httpOnly (no script reads it), Secure (HTTPS only; browsers treat http://localhost as secure),
 * SameSite=Strict (never sent by another site's request), and a Path of the auth routes under wherever
 * the router is mounted (`/ns/auth` for `app.use('/ns', router)`), so no other route ever receives it.
 */
function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, secure: true, sameSite: 'strict', path: `${req.baseUrl}/auth` };
}

export function setRefreshCookie(req: Request, res: Response, token: string): void {
  res.cookie(REFRESH_COOKIE, token, { ...cookieOptions(req), maxAge: REFRESH_TOKEN_SECONDS * 1000 });
}

export function clearRefreshCookie(req: Request, res: Response): void {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(req));
}

/** The refresh token of the request's `Cookie` header, if any. */
export function readRefreshCookie(req: Request): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== REFRESH_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    // Our tokens are base64url; anything else is not one of ours.
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
  }
  return undefined;
}
