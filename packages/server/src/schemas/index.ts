export { LIMITS } from './limits.js';
export { trackedEventSchema, trackBodySchema, trackResponseSchema } from './tracked-event.js';
export type { ParsedTrackedEvent } from './tracked-event.js';
export { eventQuerySchema, queryResponseSchema } from './event-query.js';
export { errorBodySchema, describeIssues } from './error-body.js';
