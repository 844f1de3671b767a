export type { StoredEvent, AppendResult, AggregateMetric, AggregateQuery, AggregateRow, EventStore } from './event-store.js';
export type { ProjectPlan, ProjectRecord, ApiKeyKind, ApiKeyRecord, NewApiKey, ConfigStore } from './config-store.js';
export type { StorageAdapter } from './storage-adapter.js';
