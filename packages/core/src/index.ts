export type { TrackedEvent, TrackBatch, TrackRequestBody, RejectedEvent, TrackResponse, IdentifyRequest } from './event.js';
export type { EventQuery, QueryMetric, QueryInterval, QueryFilterOperator, QueryFilter, QueryPoint, QuerySeries, QueryResponse } from './query.js';
export { QUERY_METRICS, QUERY_INTERVALS, QUERY_FILTER_OPERATORS } from './query.js';
export type { WebhookEventType, AlertTriggeredData, ExperimentSignificantData, WebhookPayload } from './webhook.js';
export type { ErrorBody } from './error-body.js';
export { isErrorBody } from './error-body.js';
export { uuidv7, isUuid } from './uuid-v7.js';
export type { BackoffPolicy } from './backoff.js';
export { backoffDelay, parseRetryAfter } from './backoff.js';
export { utcDay, parseUtcDate, utcDaysBetween } from './time.js';
export type { SecretKeyScope } from './protocol.js';
export { API_PREFIX, SDK_KEY_PREFIX, SECRET_KEY_PREFIX, API_KEY_HEADER, SECRET_KEY_SCOPES } from './protocol.js';
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
} from './errors/index.js';
export type { ConflictTarget } from './errors/index.js';
