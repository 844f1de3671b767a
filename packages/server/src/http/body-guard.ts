import type { Request, RequestHandler, Response } from 'express';
import { BodyTooLargeError } from './raw-body.js';
import type { RouteDefinition } from './routes/route-definition.js';

/** The 413 message of the JSON routes (docs/ingestion-track.md); routes that read their body raw name the limit. */
const TOO_LARGE = 'Request body too large';
/** Requests already guarded (a route that passes a request on to the `/v1` catch-all guarded it first). */
const guarded = new WeakSet<Request>();

/** True when the request declares a body (a non-zero `Content-Length`, or `Transfer-Encoding`). */
export function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Adds `Connection: close` to an answer sent before the request body was received in full (a 401, a
 * 413, any early error): Node would otherwise read the rest of the body, however large, to keep the
 * connection alive. Hooks `writeHead`, which every answer passes through, as `on-headers` does.
 */
function closeWhenAnsweredEarly(req: Request, res: Response): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
    return writeHead(...args);
  }) as Response['writeHead'];
}

/**
 * The first step of every route the router owns, before authentication: a body declared larger than
 * `limitBytes` is refused at once (413, `tooLargeMessage`) and the connection closed without reading
 * it; any answer given before a body was read in full (e.g. a streamed body cut at the cap by the body
 * reader, or a 401) closes the connection too. docs/decisions.md, "Oversized bodies".
 */
export function bodyGuard(limitBytes: number, tooLargeMessage: string): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req) || guarded.has(req)) {
      next();
      return;
    }
    guarded.add(req);
    closeWhenAnsweredEarly(req, res);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(tooLargeMessage);
    next();
  };
}

/** The guard of one route: its first step, ahead of authentication; routes that read their body raw name the limit. */
export function routeBodyGuard(route: RouteDefinition, maxBodyBytes: number): RequestHandler {
  return bodyGuard(maxBodyBytes, route.body?.read === 'raw' ? `${TOO_LARGE}: the limit is ${maxBodyBytes} bytes` : TOO_LARGE);
}

/** The guard of the router's `/v1` catch-all (unknown paths and methods under `/v1`). */
export function catchAllBodyGuard(maxBodyBytes: number): RequestHandler {
  return bodyGuard(maxBodyBytes, TOO_LARGE);
}
