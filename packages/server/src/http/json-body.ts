import { isUtf8 } from 'node:buffer';
import express from 'express';
import type { Request, RequestHandler } from 'express';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors/index.js';

/** Content encodings a body may arrive in; the size cap applies to the decoded bytes (no zip bombs). */
const ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

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

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * JSON from the bytes of a body: strict UTF-8 (invalid bytes, overlong forms and encoded surrogates are
 * 400, not silently replaced), an optional byte-order mark, then `JSON.parse` (iterative in V8, so deep
 * nesting cannot overflow the stack; any exception is still a 400).
 */
export function decodeJsonBody(bytes: Buffer): unknown {
  if (bytes.length === 0) throw new BadRequestError('Request body is empty');
  if (!isUtf8(bytes)) throw new BadRequestError('Request body is not valid UTF-8');
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequestError('Invalid JSON body');
  }
}

/**
 * Reads a JSON body sent as `application/json` (or `application/*+json`) or as `text/plain`, in UTF-8,
 * optionally gzip-, deflate- or br-encoded, at most `limitBytes` once decoded (413 beyond). Empty body:
 * 400; other media types, charsets or encodings: 415. Stream errors (aborted, corrupt gzip, wrong
 * Content-Length) come from body-parser and are mapped by the error handler. docs/ingestion-track.md.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const readBytes = express.raw({ type: () => true, limit: limitBytes, inflate: true });
  const read: RequestHandler = (req, res, next) => {
    if (!hasBody(req)) throw new BadRequestError('Request body is empty');
    checkMediaType(req.headers['content-type']);
    const encoding = req.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
    if (!ENCODINGS.has(encoding)) throw new UnsupportedMediaTypeError('Unsupported Content-Encoding: use gzip, deflate, br or none');
    void readBytes(req, res, (error?: unknown) => {
      if (error !== undefined) {
        next(error);
        return;
      }
      try {
        req.body = decodeJsonBody(req.body as Buffer);
      } catch (decodeError) {
        next(decodeError);
        return;
      }
      next();
    });
  };
  return [read];
}
