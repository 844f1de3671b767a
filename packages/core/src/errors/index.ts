export {
  HttpError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ServiceUnavailableError,
} from './http-error.js';
export { ConflictError, VersionConflictError } from './storage-errors.js';
export type { ConflictTarget } from './storage-errors.js';
