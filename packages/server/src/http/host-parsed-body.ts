import type { Request } from 'express';
import { BadRequestError } from '../errors/index.js';

/** What a body parser of the host app, mounted before the router, left of the body. */
export type HostParsedBody = { kind: 'bytes'; bytes: Buffer } | { kind: 'value'; value: unknown };

/** True once the request stream was read to its end by someone else (body-parser 1 also sets `_body`). */
function wasConsumed(req: Request): boolean {
  return (req as Request & { _body?: unknown })._body === true || req.readableEnded || (req.complete && !req.readable);
}

/**
 * The body as a host parser left it when the stream was already read before the router: the bytes of
 * `express.raw()` (a Buffer) or `express.text()` (a string, UTF-8 again), or the value of `express.json()`
 * (held to the same checks as a body the router parses itself). Undefined when the stream is still
 * unread. A stream read by a middleware that kept nothing usable is a 400 that says so.
 */
export function hostParsedBody(req: Request): HostParsedBody | undefined {
  if (!wasConsumed(req)) return undefined;
  const body: unknown = req.body;
  if (Buffer.isBuffer(body)) return { kind: 'bytes', bytes: body };
  if (typeof body === 'string') return { kind: 'bytes', bytes: Buffer.from(body, 'utf8') };
  if (body !== undefined && body !== null) return { kind: 'value', value: body };
  throw new BadRequestError('Request body was already read by a middleware of the host app and not kept: mount the Northstar router before it');
}
