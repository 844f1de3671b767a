import type { RequestHandler } from 'express';

/** CSP of a JSON answer: it is data, never a document that may load or frame anything. */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What every JSON answer carries besides its type; for routes that write their answer without `res.json()`. */
export const JSON_ANSWER_HEADERS = { 'Content-Security-Policy': JSON_CSP, 'Cache-Control': 'no-store' } as const;

/**
 * The headers a security scanner expects, on every response the router itself answers (it runs
 * first in each route's chain, so requests that fall through to the host app get none of them):
 * `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` everywhere, and on JSON
 * answers (errors included) `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`
 * and `Cache-Control: no-store`, each unless the route set its own. Scripts under `/sdk/` get no
 * CSP and no `Cross-Origin-Resource-Policy` (other origins load them with SRI); HTML pages (`/docs`,
 * the embed page of `GET /v1/embed/:token`) set their own CSP and framing rules.
 */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (!res.headersSent) {
      for (const [name, value] of Object.entries(JSON_ANSWER_HEADERS)) if (!res.get(name)) res.set(name, value);
    }
    return json(body);
  };
  next();
};
