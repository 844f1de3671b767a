export { createMemoryStorage } from './memory-storage.js';
export type { MemoryStorage, MemoryStorageOptions } from './memory-storage.js';
export { createMemoryRateLimitStore } from './memory-rate-limits.js';
export { createMemoryJobQueue } from './memory-job-queue.js';
// The reference computations, pure over events, for other in-process engines (the two-port test adapter).
export { aggregateEvents } from './memory-aggregate.js';
export { funnelOfEvents } from './memory-funnel.js';
export { retentionOfEvents } from './memory-retention.js';
export { surveyStatesOf, surveyResultsOf } from './memory-surveys.js';
export { listEventsIn } from './memory-event-listing.js';
export { countSessionEvents } from './memory-session-events.js';
export { dispatchQueries } from './query-dispatch.js';
export { createHeatmapRollup } from './memory-heatmap.js';
export type { HeatmapRollup } from './memory-heatmap.js';
export type { QueryHandlers } from './query-dispatch.js';
