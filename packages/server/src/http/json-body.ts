import express from 'express';
import type { RequestHandler } from 'express';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors/index.js';

/**
 * Reads a JSON body sent as `application/json` or as `text/plain` (what `sendBeacon` sends for a string).
 * Size, charset and content-encoding errors come from body-parser and are mapped by the error handler.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const readText = express.text({ type: ['application/json', 'application/*+json', 'text/plain'], limit: limitBytes });
  const parse: RequestHandler = (req, _res, next) => {
    const raw: unknown = req.body;
    if (typeof raw !== 'string') {
      throw new UnsupportedMediaTypeError('Content-Type must be application/json or text/plain');
    }
    try {
      req.body = JSON.parse(raw) as unknown;
    } catch {
      throw new BadRequestError('Invalid JSON body');
    }
    next();
  };
  return [readText, parse];
}
