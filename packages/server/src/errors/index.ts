// The error classes live in @northstar/core so that adapters can throw them without importing the server.
export {
  HttpError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ServiceUnavailableError,
  ConflictError,
  VersionConflictError,
} from '@northstar/core';
export type { ConflictTarget } from '@northstar/core';
export { RejectedEventsError } from './rejected-events-error.js';
