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
export { RejectedEventsError } from './rejected-events-error.js';
