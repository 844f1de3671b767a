import type { Knex } from 'knex';
import type { EventLog, StoredEvent } from '@northstar/server';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { appendEvents } from './events/append-events.js';
import { bumpDataVersion } from './events/data-version.js';
import { deleteProjectRows } from './events/delete-project-data.js';
import { fromEventRow } from './events/event-rows.js';
import type { EventRow } from './events/event-rows.js';
import { forgetProjectValues } from './events/insert-values.js';
import { forgetProjectSlots } from './events/property-slots.js';
import type { SlotLimits } from './events/property-slots.js';

/**
 * The event tables of a project: the events first (their count is the answer), then what
 * `appendEvents` derives from them — their property dictionary and slots, the rollups, the registry of user ids that `listUsers` reads, the
 * heatmap rollups, and the cached answers. The data version stays (and moves): back at 0 it could match
 * an answer cached before the project's first write.
 */
const EVENT_TABLES = [
  'ns_events',
  'ns_property_values',
  'ns_property_slots',
  'ns_person_days',
  'ns_daily_counts',
  'ns_users',
  'ns_heatmap_pages',
  'ns_heatmap_clicks',
  'ns_query_cache',
] as const;

/**
 * The EventLog port over knex (`ns_events` with its property slots, its rollups, `ns_users` and the
 * heatmaps; migrations 0001, 0005, 0006, 0010). `slots` caps the property slots a project takes (tests).
 */
export function createSqlEventLog(db: Knex, dialect: SqlDialect, slots?: SlotLimits): EventLog {
  return {
    appendEvents: (events) => appendEvents(db, dialect, events, slots),
    async getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined> {
      const row = (await db('ns_events').first('*').where({ project_id: projectId, uuid })) as EventRow | undefined;
      return row && fromEventRow(row);
    },
    async deleteProject(projectId) {
      forgetProjectSlots(db, projectId);
      forgetProjectValues(db, projectId);
      const deleted = await deleteProjectRows(db, dialect, projectId, EVENT_TABLES);
      // Its user ids are gone: every process forgets those it knew were registered.
      await bumpDataVersion(db, dialect, [projectId], { forgetsUsers: true });
      return deleted;
    },
  };
}
