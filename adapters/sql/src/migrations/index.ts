import { eventsMigration } from './0001-events.js';
import { configMigration } from './0002-config.js';
import { peopleMigration } from './0003-people.js';
import { rateLimitsMigration } from './0004-rate-limits.js';
import { personEventsMigration } from './0005-person-events.js';
import { heatmapsMigration } from './0006-heatmaps.js';
import { jobsMigration } from './0007-jobs.js';
import { replaySessionsMigration } from './0008-replay-sessions.js';
import { queryCacheMigration } from './0009-query-cache.js';
import { propertySlotsMigration } from './0010-property-slots.js';
import { personPartsMigration } from './0011-person-parts.js';
import { userForgetsMigration } from './0012-user-forgets.js';
import type { SqlMigration } from './migration.js';

export type { SqlMigration } from './migration.js';

/** Every migration in order. Append only: a released migration is never edited or removed. */
export const MIGRATIONS: readonly SqlMigration[] = [
  eventsMigration,
  configMigration,
  peopleMigration,
  rateLimitsMigration,
  personEventsMigration,
  heatmapsMigration,
  jobsMigration,
  replaySessionsMigration,
  queryCacheMigration,
  propertySlotsMigration,
  personPartsMigration,
  userForgetsMigration,
];
