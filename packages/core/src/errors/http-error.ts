/** An error with an HTTP status; its message is safe to show to the client as `{ error }`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequestError extends HttpError {
  override name = 'BadRequestError';
  constructor(message = 'Bad request') {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  override name = 'UnauthorizedError';
  constructor(message = 'Missing or invalid API key') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  override name = 'ForbiddenError';
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class PayloadTooLargeError extends HttpError {
  override name = 'PayloadTooLargeError';
  constructor(message = 'Payload too large') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  override name = 'UnsupportedMediaTypeError';
  constructor(message = 'Unsupported media type') {
    super(415, message);
  }
}

export class ServiceUnavailableError extends HttpError {
  override name = 'ServiceUnavailableError';
  constructor(message = 'Service unavailable') {
    super(503, message);
  }
}
