import type { Request } from 'express';
import { BadRequestError, PayloadTooLargeError } from '../errors/index.js';

/** 413 raised while the client was still sending: the connection is closed after the answer. */
export class BodyTooLargeError extends PayloadTooLargeError {
  override name = 'BodyTooLargeError';
}

/**
 * Reads the request body as bytes, at most `limitBytes` of them: a larger `Content-Length` is refused
 * before reading, and a body that grows past the limit stops being read (413). Never buffers more
 * than `limitBytes` plus one network chunk. The answer to a body cut short closes the connection
 * (`bodyGuard`), so the rest is never read.
 */
export function readRawBody(req: Request, limitBytes: number, tooLargeMessage = `Request body too large: the limit is ${limitBytes} bytes`): Promise<Buffer> {
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    return Promise.reject(new BodyTooLargeError(tooLargeMessage));
  }
  if (req.readableEnded) return Promise.reject(new BadRequestError('Request body was already read by another middleware'));
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        cleanup();
        req.pause();
        reject(new BodyTooLargeError(tooLargeMessage));
        return;
      }
      parts.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(parts, size));
    };
    const onError = () => {
      cleanup();
      reject(new BadRequestError('Request aborted'));
    };
    const onAborted = onError;
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}
