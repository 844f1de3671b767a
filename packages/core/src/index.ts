export type { TrackedEvent, TrackBatch, TrackRequestBody, RejectedEvent, TrackResponse, IdentifyRequest } from './event.js';
export type { EventQuery, QueryMetric, QueryInterval, QueryFilterOperator, QueryFilter, QueryPoint, QuerySeries, QueryResponse } from './query.js';
export { QUERY_METRICS, QUERY_INTERVALS, QUERY_FILTER_OPERATORS, percentileOf, percentileRank, activeDaysOf } from './query.js';
export { compareCodePoints, rankGroups } from './group-rank.js';
export type { WebhookEventType, AlertTriggeredData, ExperimentSignificantData, WebhookPayload } from './webhook.js';
export type { ErrorBody } from './error-body.js';
export { isErrorBody } from './error-body.js';
export { uuidv7, isUuid } from './uuid-v7.js';
export type { BackoffPolicy } from './backoff.js';
export { backoffDelay, parseRetryAfter } from './backoff.js';
export { utcDay, parseUtcDate, utcDaysBetween } from './time.js';
export type { SecretKeyScope } from './protocol.js';
export { API_PREFIX, SDK_KEY_PREFIX, SECRET_KEY_PREFIX, API_KEY_HEADER, SECRET_KEY_SCOPES } from './protocol.js';
export * from './errors/index.js';
export type { PropertyMaps, EventQueue, QueueWriter } from './delivery/event-queue.js';
export { createEventQueue, finishEvent } from './delivery/event-queue.js';
export type { SendResult } from './delivery/send-result.js';
export { retryable, rejectedIndexes } from './delivery/send-result.js';
export type { Delivery, DeliveryOptions, DeliveryQueue } from './delivery/delivery.js';
export { createDelivery } from './delivery/delivery.js';
export type { HeatmapPayload, HeatmapClick, HeatmapWidthBucket } from './heatmap.js';
export {
  HEATMAP_EVENT,
  HEATMAP_PAYLOAD_PROPERTY,
  HEATMAP_WIDTH_PROPERTY,
  HEATMAP_WIDTH_BUCKETS,
  HEATMAP_ATTENTION_BANDS,
  heatmapWidthBucket,
  parseHeatmapPayload,
} from './heatmap.js';
export { mondayOf, dayBucketLabel, hourBucketStart, bucketLabel, bucketLabels, bucketEndDays, bucketCuts } from './time-bucket.js';
export type { ZoneSpan } from './time-zone.js';
export { isTimeZone, zoneOffset, zoneSpans, zonedDayStart, localDayNumber, dayNumberDate, dateDayNumber, formatOffset, formatZoned } from './time-zone.js';
export type { HeatmapContribution } from './heatmap-cells.js';
export {
  HEATMAP_CLICK_GRID,
  HEATMAP_SCROLL_STEPS,
  HEATMAP_MAX_BAND_MS,
  HEATMAP_PATH_PROPERTY,
  heatmapCell,
  heatmapScrollStep,
  heatmapContribution,
} from './heatmap-cells.js';
export {
  HEATMAP_URL_MAX_LENGTH,
  HEATMAP_URL_MAX_WILDCARDS,
  HEATMAP_MAX_PAGES,
  tooManyHeatmapPages,
  heatmapUrlProblem,
  heatmapUrlMatcher,
  heatmapUrlLikePattern,
} from './heatmap-url.js';
export {
  SURVEY_EVENTS,
  SURVEY_ID_PROPERTY,
  SURVEY_RESPONSE_PROPERTY,
  SURVEY_QUESTION_PROPERTY,
  SURVEY_CHOICE_PROPERTY,
  SURVEY_LOCALE_PROPERTY,
} from './survey-events.js';
export type { WebhookHeaders, VerifyWebhookOptions } from './verify-webhook.js';
export { verifyWebhook, standardWebhooksKey, WEBHOOK_HEADERS } from './verify-webhook.js';
export * from './flags/index.js';
