import { isUtf8 } from 'node:buffer';
import type { Request, RequestHandler } from 'express';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors/index.js';
import { decodeContent } from '../services/content-decoding.js';
import type { ContentEncoding } from '../services/content-decoding.js';
import { hasBody } from './body-guard.js';
import { hostParsedBody } from './host-parsed-body.js';
import { MAX_JSON_DEPTH, assertJsonDepth, assertParsedJsonWithin } from '../services/json-depth.js';
import { readRawBody } from './raw-body.js';

/** Content encodings a body may arrive in; the size cap applies to the decoded bytes (no zip bombs). */
const ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;
/** The 413 message of the JSON routes (docs/ingestion-track.md). */
const TOO_LARGE = 'Request body too large';

function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || type === 'text/plain' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** 415 unless the body is JSON (or text/plain, what `sendBeacon` sends for a string) in UTF-8. */
function checkMediaType(header: string | undefined): void {
  const semicolon = header === undefined ? -1 : header.indexOf(';');
  const type = (semicolon === -1 ? (header ?? '') : header!.slice(0, semicolon)).trim().toLowerCase();
  if (!isJsonMediaType(type)) throw new UnsupportedMediaTypeError('Content-Type must be application/json or text/plain');
  if (semicolon === -1) return;
  const charset = CHARSET.exec(header!)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new UnsupportedMediaTypeError('Unsupported charset: JSON bodies must be UTF-8');
  }
}

/**
 * JSON from the bytes of a body: strict UTF-8 (invalid bytes, overlong forms and encoded surrogates are
 * 400, not silently replaced), an optional byte-order mark, then `JSON.parse` (iterative in V8, so deep
 * nesting cannot overflow the stack; any exception is still a 400), then the nesting cap (400).
 */
export function decodeJsonBody(bytes: Buffer): unknown {
  if (bytes.length === 0) throw new BadRequestError('Request body is empty');
  if (!isUtf8(bytes)) throw new BadRequestError('Request body is not valid UTF-8');
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new BadRequestError('Invalid JSON body');
  }
  assertJsonDepth(value);
  return value;
}

/** The parsed body: read here (bounded, then decoded, bounded) or taken from a host parser that ran first. */
async function readJson(req: Request, encoding: ContentEncoding, limitBytes: number): Promise<unknown> {
  const parsed = hostParsedBody(req);
  if (parsed?.kind === 'value') return assertParsedJsonWithin(parsed.value, MAX_JSON_DEPTH, limitBytes, TOO_LARGE);
  if (parsed?.kind === 'bytes') {
    // body-parser has already inflated the bytes it kept.
    if (parsed.bytes.length > limitBytes) throw new PayloadTooLargeError(TOO_LARGE);
    return decodeJsonBody(parsed.bytes);
  }
  const wire = await readRawBody(req, limitBytes, TOO_LARGE);
  return decodeJsonBody(await decodeContent(wire, encoding, limitBytes, { tooLarge: TOO_LARGE }));
}

/**
 * Reads a JSON body sent as `application/json` (or `application/*+json`) or as `text/plain`, in UTF-8,
 * optionally gzip-, deflate- or br-encoded, at most `limitBytes` on the wire and once decoded (413
 * beyond, without reading the rest), nested at most `MAX_JSON_DEPTH` levels. Empty body: 400; other
 * media types, charsets or encodings: 415. Works the same after a host app's own body parsers.
 * docs/ingestion-track.md.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const read: RequestHandler = (req, _res, next) => {
    if (!hasBody(req)) throw new BadRequestError('Request body is empty');
    checkMediaType(req.headers['content-type']);
    const encoding = req.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
    if (!ENCODINGS.has(encoding)) throw new UnsupportedMediaTypeError('Unsupported Content-Encoding: use gzip, deflate, br or none');
    readJson(req, encoding as ContentEncoding, limitBytes).then(
      (body) => {
        req.body = body;
        next();
      },
      (error: unknown) => next(error),
    );
  };
  return [read];
}
