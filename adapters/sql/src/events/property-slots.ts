import type { Knex } from 'knex';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { insertIgnore } from './insert-ignore.js';

/** String-property slots (`s0`…) and numeric ones (`n0`…) of `ns_events` (migration 0010-property-slots). */
export const STRING_SLOTS = 6;
export const NUMBER_SLOTS = 4;

/** How many slots of each kind a project may take (tests lower them to reach the JSON fallback). */
export interface SlotLimits {
  strings: number;
  numbers: number;
}

export const ALL_SLOTS: SlotLimits = { strings: STRING_SLOTS, numbers: NUMBER_SLOTS };

/** One project's slots: property key → slot number, per kind. A key without a slot is read from the JSON. */
export interface SlotMap {
  str: Map<string, number>;
  num: Map<string, number>;
}

type Kind = 's' | 'n';

const emptySlots = (): SlotMap => ({ str: new Map(), num: new Map() });
const mapOf = (slots: SlotMap, kind: Kind) => (kind === 's' ? slots.str : slots.num);

interface SlotRow {
  project_id: number | string;
  kind: Kind;
  prop_key: string;
  slot: number | string;
}

/** The slots of `projects` as stored (`ns_property_slots`, a few rows per project). */
export async function readSlots(db: Knex | Knex.Transaction, projects: readonly number[]): Promise<Map<number, SlotMap>> {
  const maps = new Map<number, SlotMap>(projects.map((project) => [project, emptySlots()]));
  if (projects.length === 0) return maps;
  const rows = (await db('ns_property_slots').select('project_id', 'kind', 'prop_key', 'slot').whereIn('project_id', projects)) as SlotRow[];
  for (const row of rows) {
    const slots = maps.get(Number(row.project_id));
    if (slots) mapOf(slots, row.kind).set(row.prop_key, Number(row.slot));
  }
  return maps;
}

/** Keys of one project and kind in order of first sight, each once. */
export type SightedKeys = Map<number, { s: string[]; n: string[] }>;

/** The keys `events` carry, per project, in the order they are first seen. */
export function sightedKeys(events: Iterable<{ project_id: number; str_properties: object; num_properties: object }>): SightedKeys {
  const seen = new Map<number, { s: Set<string>; n: Set<string> }>();
  for (const event of events) {
    const keys = seen.get(event.project_id) ?? { s: new Set<string>(), n: new Set<string>() };
    seen.set(event.project_id, keys);
    for (const key of Object.keys(event.str_properties)) keys.s.add(key);
    for (const key of Object.keys(event.num_properties)) keys.n.add(key);
  }
  return new Map([...seen].map(([project, keys]) => [project, { s: [...keys.s], n: [...keys.n] }]));
}

/** The slot numbers still free below `limit`, in ascending order. */
function freeSlots(taken: ReadonlyMap<string, number>, limit: number): number[] {
  const used = new Set(taken.values());
  return Array.from({ length: limit }, (_, slot) => slot).filter((slot) => !used.has(slot));
}

/**
 * The slots of every project of `keys` after giving each key without one a free slot, in order of first
 * sight, while free slots remain. A slot is never taken back or moved, so once assigned (committed here,
 * before the caller writes any event carrying the key) every stored event with that key has it filled —
 * the readers' invariant. Writers racing for a slot number: the unique `(project_id, kind, slot)` keeps
 * one, the other key takes the next free number on the next round. Not in the caller's transaction:
 * a slot without events is harmless, and a committed slot is what other writers must see.
 */
export async function assignSlots(db: Knex, dialect: SqlDialect, keys: SightedKeys, limits: SlotLimits = ALL_SLOTS): Promise<Map<number, SlotMap>> {
  const projects = [...keys.keys()];
  let maps = await readSlots(db, projects);
  for (;;) {
    const rows: [number, Kind, string, number][] = [];
    for (const [project, wanted] of keys) {
      const slots = maps.get(project) ?? emptySlots();
      for (const kind of ['s', 'n'] as const) {
        const taken = mapOf(slots, kind);
        const missing = wanted[kind].filter((key) => !taken.has(key));
        const free = freeSlots(taken, kind === 's' ? limits.strings : limits.numbers);
        missing.slice(0, free.length).forEach((key, i) => rows.push([project, kind, key, free[i]!]));
      }
    }
    if (rows.length === 0) return maps;
    await insertIgnore(db, dialect, 'ns_property_slots', ['project_id', 'kind', 'prop_key', 'slot'], rows);
    maps = await readSlots(db, projects);
  }
}

/** Per database (knex pool): the slots this process has read, per project (`slotsFor`). */
const known = new WeakMap<Knex, Map<number, SlotMap>>();

/**
 * `assignSlots`, unless this process already knows a slot for every key of `keys` (or that a kind has
 * no free slot left): a slot, once given, never moves, and a kind whose slots are all taken stays so —
 * with one `propertySlots` setting for every process of a database. Saves a read per batch. A project's
 * deletion forgets it here (`forgetProjectSlots`); another process deleting it while this one still
 * writes its events is the one case this cache cannot see (docs/people-data.md: revoke a project's keys first).
 */
export async function slotsFor(db: Knex, dialect: SqlDialect, keys: SightedKeys, limits: SlotLimits = ALL_SLOTS): Promise<Map<number, SlotMap>> {
  const cache = known.get(db) ?? new Map<number, SlotMap>();
  known.set(db, cache);
  const covered = [...keys].every(([project, wanted]) => {
    const slots = cache.get(project);
    if (!slots) return false;
    return (['s', 'n'] as const).every((kind) => {
      const taken = mapOf(slots, kind);
      return taken.size >= (kind === 's' ? limits.strings : limits.numbers) || wanted[kind].every((key) => taken.has(key));
    });
  });
  if (covered) return new Map([...keys.keys()].map((project) => [project, cache.get(project)!]));
  const maps = await assignSlots(db, dialect, keys, limits);
  for (const [project, slots] of maps) cache.set(project, slots);
  return maps;
}

/** Forgets what this process knows of a project's slots (its data was deleted). */
export function forgetProjectSlots(db: Knex, projectId: number): void {
  known.get(db)?.delete(projectId);
}
