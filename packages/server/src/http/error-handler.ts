import type { ErrorRequestHandler } from 'express';
import { HttpError, RejectedEventsError } from '../errors/index.js';
import { StorageUnavailableError } from '../storage/storage-unavailable-error.js';
import type { NorthstarLogger } from './options.js';

/** body-parser marks its errors with a `type`; these are the client's fault. */
const BODY_PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'Request body too large'],
  'entity.parse.failed': [400, 'Invalid JSON body'],
  'entity.verify.failed': [400, 'Invalid request body'],
  'charset.unsupported': [415, 'Unsupported charset'],
  'encoding.unsupported': [415, 'Unsupported content encoding'],
  'request.aborted': [400, 'Request aborted'],
  'request.size.invalid': [400, 'Request size did not match Content-Length'],
};

/**
 * The status and message of a client error raised by body-parser or another http-errors user (e.g. a
 * corrupt gzip body: zlib's error wrapped as a 400 with no `type`), else undefined. Only 4xx errors the
 * library marked `expose` qualify; their own message is not shown (it may name internals).
 */
function bodyParserError(err: unknown): [number, string] | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const known = 'type' in err && typeof err.type === 'string' ? BODY_PARSER_ERRORS[err.type] : undefined;
  if (known) return known;
  const status = 'status' in err ? err.status : undefined;
  if (typeof status !== 'number' || status < 400 || status > 499 || !('expose' in err) || err.expose !== true) return undefined;
  return [status, status === 400 ? 'Request body could not be read (corrupt or truncated encoding)' : 'Bad request'];
}

/** The one place errors become `{ error }` responses. Stack traces never leave the process. */
export function errorHandler(logger: NorthstarLogger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof RejectedEventsError) {
      res.status(err.status).json({ error: err.message, rejected: err.rejected });
      return;
    }
    if (err instanceof HttpError) {
      if (err instanceof StorageUnavailableError) res.set('Retry-After', String(err.retryAfterSeconds));
      res.status(err.status).json({ error: err.message });
      return;
    }
    if (err instanceof URIError) {
      // The router could not decode a path parameter (`%FF`, a lone `%`, an overlong `%C0%AF`).
      res.status(400).json({ error: 'Malformed percent-encoding in the URL path' });
      return;
    }
    const mapped = bodyParserError(err);
    if (mapped) {
      res.status(mapped[0]).json({ error: mapped[1] });
      return;
    }
    logger.error('[northstar] unexpected error', err);
    res.status(500).json({ error: 'Internal error' });
  };
}
