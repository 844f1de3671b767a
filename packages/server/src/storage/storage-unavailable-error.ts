import { ServiceUnavailableError } from '../errors/index.js';

/** 503 for a storage call that failed or took too long; the client should retry after `retryAfterSeconds`. */
export class StorageUnavailableError extends ServiceUnavailableError {
  override name = 'StorageUnavailableError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(message);
    if (options && 'cause' in options) this.cause = options.cause;
  }
}
