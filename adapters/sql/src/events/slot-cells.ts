import * as crypto from 'node:crypto';
import type { SqlValue } from '../dialects/sql-dialect.js';
import { NUMBER_SLOTS, STRING_SLOTS } from './property-slots.js';
import type { SlotMap } from './property-slots.js';

/** The slot columns of `ns_events` (migration 0010-property-slots): strings `s0`…, then numbers `n0`…. */
export const SLOT_COLUMNS: readonly string[] = [
  ...Array.from({ length: STRING_SLOTS }, (_, i) => `s${i}`),
  ...Array.from({ length: NUMBER_SLOTS }, (_, i) => `n${i}`),
];

/** What slot cells are made of: an event's project and property maps. */
export interface SlotSource {
  project_id: number;
  str_properties: Record<string, string>;
  num_properties: Record<string, number>;
}

/** A dictionary row of `ns_property_values`: project, value id, value. */
export type ValueRow = [project: number, id: bigint, value: string];

/**
 * A string value's id in the value dictionary: the first 64 bits of its sha256, signed (a BIGINT). A value
 * may be 8,192 characters: too long for a unique index to find an id by value, and a hash needs no lookup
 * on the write path. Two values of one project would have to collide in 64 bits to be confused
 * (docs/decisions.md, "Storage: property slots"). Bound as a bigint: the SQL drivers write it as digits.
 */
export function hashValueId(value: string): bigint {
  const digest = typeof crypto.hash === 'function' ? crypto.hash('sha256', value, 'buffer') : crypto.createHash('sha256').update(value, 'utf8').digest();
  return digest.readBigInt64BE(0);
}

/** `hashValueId` as decimal text, for a literal in SQL. */
export const valueId = (value: string): string => hashValueId(value).toString();

/** At most this many values are remembered as stored, per database: a bound on memory. */
const KNOWN_MAX = 100_000;

/** Every slot column, in `SLOT_COLUMNS` order. */
const ALL_SLOTS = SLOT_COLUMNS.map((_, i) => i);

/** Per project, value → id of the dictionary rows a process knows are stored. */
export type KnownValues = Map<number, Map<string, bigint>>;

/**
 * The slot cells of a batch's events and the dictionary rows they need that `known` does not hold, in one
 * pass over their properties: a value the process has written before costs one map lookup, no hash.
 * One per transaction attempt (a retried transaction starts again from `known`).
 */
export class SlotCellWriter {
  /** Dictionary rows this batch must write (`insertValues`), each (project, id) once. */
  readonly fresh: ValueRow[] = [];
  private readonly pending: KnownValues = new Map();

  constructor(
    private readonly slots: ReadonlyMap<number, SlotMap>,
    private readonly known: KnownValues = new Map(),
  ) {}

  /** The indexes into `SLOT_COLUMNS` of the slots the projects of `projects` hold, ascending: the columns a statement names. */
  columnsOf(projects: Iterable<number>): number[] {
    const used = new Set<number>();
    for (const project of new Set(projects)) {
      const slots = this.slots.get(project);
      if (!slots) continue;
      for (const slot of slots.str.values()) used.add(slot);
      for (const slot of slots.num.values()) used.add(STRING_SLOTS + slot);
    }
    return [...used].sort((a, b) => a - b);
  }

  /** Appends to `row` the event's cells of `columns` (from `columnsOf`): a slotted string as its value id, a slotted number as itself, else NULL. */
  appendCells(row: SqlValue[], event: SlotSource, columns: readonly number[]): void {
    const start = row.length;
    for (let i = 0; i < columns.length; i += 1) row.push(null);
    if (columns.length === 0) return;
    const slots = this.slots.get(event.project_id);
    if (!slots) return;
    for (const key in event.str_properties) {
      const slot = slots.str.get(key);
      const at = slot === undefined ? -1 : columns.indexOf(slot);
      if (at >= 0) row[start + at] = this.idOf(event.project_id, event.str_properties[key]!);
    }
    for (const key in event.num_properties) {
      const slot = slots.num.get(key);
      const at = slot === undefined ? -1 : columns.indexOf(STRING_SLOTS + slot);
      if (at >= 0) row[start + at] = event.num_properties[key]!;
    }
  }

  /** An event's cells in `SLOT_COLUMNS` order (the migration's backfill). */
  cellsOf(event: SlotSource): SqlValue[] {
    const cells: SqlValue[] = [];
    this.appendCells(cells, event, ALL_SLOTS);
    return cells;
  }

  /** Adds the values this batch wrote to the process's `known`, once its transaction committed (`known` is emptied past `KNOWN_MAX` values). */
  committed(): void {
    let size = 0;
    for (const values of this.known.values()) size += values.size;
    if (size + this.fresh.length > KNOWN_MAX) this.known.clear();
    for (const [project, values] of this.pending) {
      const known = this.known.get(project) ?? new Map<string, bigint>();
      this.known.set(project, known);
      for (const [value, id] of values) known.set(value, id);
    }
  }

  private idOf(project: number, value: string): bigint {
    const known = this.known.get(project)?.get(value);
    if (known !== undefined) return known;
    let pending = this.pending.get(project);
    if (!pending) {
      pending = new Map();
      this.pending.set(project, pending);
    }
    let id = pending.get(value);
    if (id === undefined) {
      id = hashValueId(value);
      pending.set(value, id);
      this.fresh.push([project, id, value]);
    }
    return id;
  }
}
