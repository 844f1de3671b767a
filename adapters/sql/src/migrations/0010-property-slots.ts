import type { Knex } from 'knex';
import { asBindings } from '../dialects/sql-dialect.js';
import type { SqlDialect, SqlValue } from '../dialects/sql-dialect.js';
import { insertIgnore } from '../events/insert-ignore.js';
import { insertValues } from '../events/insert-values.js';
import { NUMBER_SLOTS, STRING_SLOTS } from '../events/property-slots.js';
import type { SlotMap } from '../events/property-slots.js';
import { SLOT_COLUMNS, SlotCellWriter } from '../events/slot-cells.js';
import type { SqlMigration } from './migration.js';

/** Ids are at most 200 characters (LIMITS), as in 0001-events. */
const ID = 200;
/** Events read per backfill statement. */
const BATCH = 2_000;
/** Events per backfill UPDATE. */
const UPDATE_ROWS = 250;

interface EventRow {
  id: number | string;
  project_id: number | string;
  str_props: string;
  num_props: string;
}

/** Gives each key of `keys` not yet in `taken` the next free slot below `limit`; returns the new assignments. */
function sight(taken: Map<string, number>, keys: readonly string[], limit: number): [string, number][] {
  const added: [string, number][] = [];
  for (const key of keys) {
    if (taken.has(key) || taken.size >= limit) continue;
    taken.set(key, taken.size);
    added.push([key, taken.size - 1]);
  }
  return added;
}

/** One UPDATE of the slot cells of `rows` (`[id, cells]`): a `CASE id` per column some row fills. */
async function updateSlots(db: Knex, rows: readonly [number | string, SqlValue[]][]): Promise<void> {
  const columns: Record<string, Knex.Raw> = {};
  SLOT_COLUMNS.forEach((column, i) => {
    const filled = rows.filter(([, cells]) => cells[i] !== null);
    if (filled.length === 0) return;
    const bindings = filled.flatMap(([id, cells]) => [id, cells[i]!]);
    columns[column] = db.raw(`CASE id ${filled.map(() => 'WHEN ? THEN ?').join(' ')} END`, asBindings(bindings));
  });
  if (Object.keys(columns).length === 0) return;
  await db('ns_events')
    .whereIn(
      'id',
      rows.map(([id]) => id),
    )
    .update(columns);
}

/**
 * The slot cells of the events already stored, in `id` (storage) order, slots assigned per project on
 * first sight as the append path does, and their string values' dictionary rows; read and written
 * `BATCH` events at a time, inside the migration's transaction (an interrupted migration is not
 * recorded and runs again).
 */
async function backfill(db: Knex, dialect: SqlDialect): Promise<void> {
  const slots = new Map<number, SlotMap>();
  let after: number | string = 0;
  for (;;) {
    const rows = (await db('ns_events').select('id', 'project_id', 'str_props', 'num_props').where('id', '>', after).orderBy('id').limit(BATCH)) as EventRow[];
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const events = rows.map((row) => ({
      id: row.id,
      project_id: Number(row.project_id),
      str_properties: JSON.parse(row.str_props) as Record<string, string>,
      num_properties: JSON.parse(row.num_props) as Record<string, number>,
    }));
    const assigned: [number, string, string, number][] = [];
    for (const event of events) {
      const map = slots.get(event.project_id) ?? { str: new Map<string, number>(), num: new Map<string, number>() };
      slots.set(event.project_id, map);
      for (const [key, slot] of sight(map.str, Object.keys(event.str_properties), STRING_SLOTS)) assigned.push([event.project_id, 's', key, slot]);
      for (const [key, slot] of sight(map.num, Object.keys(event.num_properties), NUMBER_SLOTS)) assigned.push([event.project_id, 'n', key, slot]);
    }
    await insertIgnore(db, dialect, 'ns_property_slots', ['project_id', 'kind', 'prop_key', 'slot'], assigned);
    const writer = new SlotCellWriter(slots);
    const cells = events.map((event): [number | string, SqlValue[]] => [event.id, writer.cellsOf(event)]);
    await insertValues(db, dialect, writer.fresh);
    for (let i = 0; i < cells.length; i += UPDATE_ROWS) await updateSlots(db, cells.slice(i, i + UPDATE_ROWS));
  }
}

/**
 * Property slots (docs/decisions.md, "Storage: property slots"): up to 6 string and 4 numeric
 * properties of each event in columns of its `ns_events` row (a string as a 64-bit id into a per-project
 * value dictionary, `ns_property_values`), slots given per (project, key) on first sight
 * (`ns_property_slots`), and the (project_id, event_name, ts, person_key) index replaced by one that
 * also holds the uuid and the slots: the analytical queries read property filters, groups and numeric
 * metrics from that index alone instead of each row's JSON — the same B-tree writes per event as before.
 */
export const propertySlotsMigration: SqlMigration = {
  name: '0010-property-slots',
  async up(db: Knex, dialect: SqlDialect) {
    const style = await dialect.schemaStyle(db);

    await db.schema.alterTable('ns_events', (t) => {
      for (let i = 0; i < STRING_SLOTS; i += 1) t.bigInteger(`s${i}`).nullable();
      for (let i = 0; i < NUMBER_SLOTS; i += 1) t.double(`n${i}`).nullable();
    });

    await db.schema.createTable('ns_property_slots', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.string('kind', 1).notNullable();
      t.string('prop_key', ID).notNullable();
      t.integer('slot').notNullable();
      t.primary(['project_id', 'kind', 'prop_key']);
      t.unique(['project_id', 'kind', 'slot'], { indexName: 'ns_property_slots_slot' });
    });

    await db.schema.createTable('ns_property_values', (t) => {
      style.tableOptions(t);
      t.integer('project_id').unsigned().notNullable();
      t.bigInteger('id').notNullable();
      t.text('value').notNullable();
      t.primary(['project_id', 'id']);
    });

    await backfill(db, dialect);
    await db.schema.alterTable('ns_events', (t) => {
      t.dropIndex([], 'ns_events_project_event_ts');
    });
    await db.schema.alterTable('ns_events', (t) => {
      t.index(['project_id', 'event_name', 'ts', 'person_key', 'uuid', ...SLOT_COLUMNS], 'ns_events_event_slots');
    });
  },
};
