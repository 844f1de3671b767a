import type { Knex } from 'knex';
import type { PropertyFilter } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { valueId } from './slot-cells.js';
import { readSlots } from './property-slots.js';
import type { SlotMap } from './property-slots.js';
import { jsonPath, numberProperty, stringProperty } from './sql-expressions.js';

/**
 * How one query of one project reads properties from `ns_events f` (migration 0010-property-slots):
 * from the key's slot where it has one — a column of the (project_id, event_name, ts, …, slots) index,
 * so a statement reading only slots never reads the row — else from the row's JSON (`needsRow`). A
 * key's slot is filled on every event carrying the key, so both give the same answer (docs/decisions.md,
 * "Storage: property slots").
 */
export interface SlotReader {
  readonly projectId: number;
  /** True once an expression reads the JSON of the row (a key without a slot). */
  needsRow: boolean;
  /** A filter as a condition (the rules of docs/decisions.md "Query: metrics, intervals, filters, group_by"). */
  condition(filter: PropertyFilter): Knex.Raw;
  /** A numeric property as a double, NULL where absent. */
  number(key: string): Knex.Raw;
  /** A string property as a group key (its value id, or its text), NULL where absent; label it with `label`. */
  groupKey(key: string): Knex.Raw;
  /** The text of a group key column of `groupKey(key)`, in `jsonText`'s representation (code-point order). */
  label(key: string, column: string): Knex.Raw;
  /** A string property's text on the row of `f` (`label` of its `groupKey`). */
  text(key: string): Knex.Raw;
  /** A group key column of `groupKey(key)` as text a JS string keeps exactly: a slot's value id in decimal, or the text itself. */
  keyText(key: string, column: string): Knex.Raw;
  /** The texts of group keys read with `keyText` (a slot's value ids looked up in its dictionary; a text is its own). */
  labelsOf(key: string, keys: readonly string[]): Promise<Map<string, string>>;
  /** A reader of the same slots whose `needsRow` starts false. */
  fork(): SlotReader;
}

/** A value id (a signed 64-bit decimal of ours) checked before it is written into SQL text. */
function idLiteral(id: string): string {
  if (!/^-?\d{1,19}$/.test(id)) throw new Error(`Not a value id: ${id}`);
  return id;
}

function readerOf(db: Knex, dialect: SqlDialect, projectId: number, slots: SlotMap): SlotReader {
  const column = (kind: 's' | 'n', key: string): string | undefined => {
    const slot = (kind === 's' ? slots.str : slots.num).get(key);
    return slot === undefined ? undefined : `f.${kind}${slot}`;
  };
  const reader: SlotReader = {
    projectId,
    needsRow: false,
    condition(filter) {
      const path = jsonPath(filter.property);
      if (filter.op === 'is_set') {
        const present = (kind: 's' | 'n', json: string) => {
          const slot = column(kind, filter.property);
          if (slot !== undefined) return db.raw(`${slot} IS NOT NULL`);
          reader.needsRow = true;
          return dialect.jsonHasPath(db, json, path);
        };
        return db.raw('(? OR ?)', [present('s', 'str_props'), present('n', 'num_props')]);
      }
      const text = typeof filter.value === 'string';
      const slot = column(text ? 's' : 'n', filter.property);
      if (text && slot !== undefined && filter.op === 'contains') {
        const values = `SELECT v.id FROM ns_property_values v WHERE v.project_id = ? AND INSTR(${dialect.exactColumn('v.value')}, ?) > 0`;
        return db.raw(`(${slot} IN (${values}))`, [projectId, dialect.exactText(db, filter.value)]);
      }
      if (text && slot !== undefined && (filter.op === 'eq' || filter.op === 'neq')) {
        // the id as an integer literal (ours, computed): a bound string would be compared as a double on MySQL
        const id = idLiteral(valueId(filter.value as string));
        return db.raw(filter.op === 'eq' ? `(${slot} = ${id})` : `(${slot} IS NULL OR ${slot} <> ${id})`);
      }
      let actual: Knex.Raw;
      let value: Knex.Value;
      if (slot !== undefined && !text) {
        actual = db.raw(slot);
        value = filter.value;
      } else {
        reader.needsRow = true;
        actual = text ? stringProperty(db, dialect, filter.property) : numberProperty(db, dialect, filter.property);
        value = text ? dialect.exactText(db, filter.value as string) : filter.value;
      }
      switch (filter.op) {
        case 'eq':
          return db.raw('(? = ?)', [actual, value]);
        case 'neq':
          return db.raw('(? IS NULL OR ? <> ?)', [actual, actual, value]);
        case 'contains':
          return db.raw('(INSTR(?, ?) > 0)', [actual, value]);
        case 'gt':
          return db.raw('(? > ?)', [actual, value]);
        case 'lt':
          return db.raw('(? < ?)', [actual, value]);
      }
    },
    number(key) {
      const slot = column('n', key);
      if (slot !== undefined) return db.raw(slot);
      reader.needsRow = true;
      return numberProperty(db, dialect, key);
    },
    groupKey(key) {
      const slot = column('s', key);
      if (slot !== undefined) return db.raw(slot);
      reader.needsRow = true;
      return stringProperty(db, dialect, key);
    },
    label(key, of) {
      if (column('s', key) === undefined) return db.raw(of);
      return db.raw(`(SELECT ${dialect.exactColumn('v.value')} FROM ns_property_values v WHERE v.project_id = ? AND v.id = ${of})`, [projectId]);
    },
    text(key) {
      const slot = column('s', key);
      return slot === undefined ? reader.groupKey(key) : reader.label(key, slot);
    },
    keyText(key, of) {
      return db.raw(column('s', key) === undefined ? of : dialect.integerText(of));
    },
    async labelsOf(key, keys) {
      if (column('s', key) === undefined || keys.length === 0) return new Map(keys.map((text) => [text, text]));
      const rows = await db('ns_property_values')
        .where('project_id', projectId)
        // integer literals: a bound string would be compared as a double on MySQL
        .whereRaw(`id IN (${keys.map(idLiteral).join(', ')})`)
        .select<{ id: string; value: string | Uint8Array }[]>(db.raw(`${dialect.integerText('id')} AS id`), db.raw(`${dialect.exactColumn('value')} AS value`));
      return new Map(rows.map((row) => [row.id, typeof row.value === 'string' ? row.value : new TextDecoder().decode(row.value)]));
    },
    fork: () => readerOf(db, dialect, projectId, slots),
  };
  return reader;
}

/** The reader of one project's query: its slots as stored now (a slot, once there, never changes). */
export async function slotReader(db: Knex, dialect: SqlDialect, projectId: number): Promise<SlotReader> {
  const slots = (await readSlots(db, [projectId])).get(projectId) ?? { str: new Map(), num: new Map() };
  return readerOf(db, dialect, projectId, slots);
}
