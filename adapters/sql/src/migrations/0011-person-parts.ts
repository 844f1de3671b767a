import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { PERSON_PART_SQL } from '../events/person-parts.js';
import { SLOT_COLUMNS } from '../events/slot-cells.js';
import type { SqlMigration } from './migration.js';

/**
 * Person parts (docs/decisions.md, "Storage: person parts"): `ns_events.person_part`, the low 4 bits of
 * the person key, computed by the database on every insert and on every re-keying by a link, and the time
 * index `ns_events_event_slots (project_id, event_name, ts, …)` replaced by `ns_events_event_parts
 * (project_id, event_name, person_part, ts, …)`: the events of some of the 16 parts in a time range are
 * index ranges of their own, so a question cut into parts of the people (statements at once) reads each
 * event once in all. The same B-trees per event as before. On MySQL the column's addition rebuilds the
 * table (minutes at ten million events); the old index is dropped first so that it is not rebuilt too.
 */
export const personPartsMigration: SqlMigration = {
  name: '0011-person-parts',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);
    await db.schema.alterTable('ns_events', (t) => {
      t.dropIndex([], 'ns_events_event_slots');
    });
    await db.schema.alterTable('ns_events', (t) => {
      t.specificType('person_part', style.computedSmallInt(PERSON_PART_SQL));
    });
    await db.schema.alterTable('ns_events', (t) => {
      t.index(['project_id', 'event_name', 'person_part', 'ts', 'person_key', 'uuid', ...SLOT_COLUMNS], 'ns_events_event_parts');
    });
  },
};
