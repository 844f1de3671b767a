import { HttpError } from '../errors/index.js';

/** 429: the caller's budget for this window is spent; it may try again after `retryAfterSeconds`. */
export class TooManyRequestsError extends HttpError {
  override name = 'TooManyRequestsError';
  constructor(
    readonly retryAfterSeconds: number,
    message = `Rate limit exceeded; retry after ${retryAfterSeconds} s`,
  ) {
    super(429, message);
  }
}
