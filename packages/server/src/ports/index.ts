export type { StoredEvent, AppendResult, PersonEventsRef, EventLog } from './event-log.js';
export type {
  AggregateMetric,
  PropertyMetric,
  PercentileMetric,
  ActiveMetric,
  AggregateInterval,
  PropertyFilter,
  FilterOperator,
  AggregateGroupBy,
  AggregateQuery,
  AggregateRow,
  EventListQuery,
  SessionEventCountQuery,
  SessionEventCount,
  EventStep,
  FunnelQuery,
  FunnelStepCount,
  FunnelGroupRow,
  RetentionQuery,
  RetentionCell,
  EngineQueries,
  EngineQueryKind,
  EngineQuery,
  EngineResult,
  QueryEngine,
} from './query-engine.js';
export type { HeatmapQuery, HeatmapClickCell, HeatmapResult } from './heatmap-query.js';
export type { SurveyStatesQuery, SurveyPersonState, SurveyResultsQuery, SurveyAnswerCount, SurveyResults } from './survey-query.js';
export type { LinkResult, UserProperties, TrackedUser, TrackedUserPage, UserListRequest, UserDeletion, PersonStore } from './person-store.js';
export type { ReplayChunk, ReplaySession, ReplaySessionQuery, ReplayStore } from './replay-store.js';
export type { NewJob, Job, JobOutcome, JobHandler, ConsumeOptions, JobConsumer, JobQueue } from './job-queue.js';
export type {
  JsonValue,
  JsonObject,
  Page,
  PageRequest,
  ProjectPlan,
  ProjectRecord,
  NewProject,
  ProjectPatch,
  AccountRecord,
  NewAccount,
  AccountPatch,
  MemberRole,
  MembershipRecord,
  NewMembership,
  ApiKeyKind,
  ApiKeyRecord,
  ApiKeySummary,
  NewApiKey,
  RefreshTokenRecord,
  NewRefreshToken,
  DocumentKind,
  DocumentRecord,
  NewDocument,
  DocumentRef,
  DocumentUpdate,
  DocumentListRequest,
  ConfigStore,
} from './config-store.js';
export type { StoragePorts, PortName, DetachablePort, StorageAdapter } from './storage-adapter.js';
export type { RateLimitRule, RateLimitDecision, RateLimitStore } from './rate-limit-store.js';
