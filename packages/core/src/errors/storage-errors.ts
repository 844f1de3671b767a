import { HttpError } from './http-error.js';

/** What a `ConflictError` collided on, for callers that word their own message. */
export type ConflictTarget = 'account_email' | 'membership' | 'api_key_hash' | 'refresh_token_hash' | 'document_key';

const CONFLICT_MESSAGES: Record<ConflictTarget, string> = {
  account_email: 'An account with this email already exists',
  membership: 'This account is already a member of the project',
  api_key_hash: 'An API key with this hash already exists',
  refresh_token_hash: 'A refresh token with this hash already exists',
  document_key: 'A resource with this key already exists',
};

/** 409: a storage uniqueness rule refused the write. The message is safe to show to the client. */
export class ConflictError extends HttpError {
  override name = 'ConflictError';
  constructor(
    readonly target: ConflictTarget,
    message = CONFLICT_MESSAGES[target],
  ) {
    super(409, message);
  }
}

/** 409: an optimistic-concurrency update named a version that is no longer current. */
export class VersionConflictError extends HttpError {
  override name = 'VersionConflictError';
  constructor(
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super(409, `Version conflict: expected version ${expectedVersion}, current version is ${currentVersion}`);
  }
}
