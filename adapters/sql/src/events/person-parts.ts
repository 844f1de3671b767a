/**
 * Every event row keeps its person's part, `ns_events.person_part`: the low 4 bits of the person key (a
 * 64-bit hash; 0 for an event of nobody), computed by the database (migration 0011-person-parts). The
 * time index is (project_id, event_name, person_part, ts, …), so the events of some of the 16 parts in a
 * time range are index ranges of their own: a statement for one part of the people reads only its share.
 */
export const PERSON_PARTS = 16;

/** The expression `person_part` is computed from (in the migration: its rows are the database's to fill). */
export const PERSON_PART_SQL = `(COALESCE(person_key, 0) & ${PERSON_PARTS - 1})`;

/** One of `count` disjoint sets of people: those whose part number leaves `index` divided by `count`. */
export interface PersonPart {
  index: number;
  count: number;
}

/** Every person in one part. */
export const EVERYONE: PersonPart = { index: 0, count: 1 };

/** The `count` parts (at most `PERSON_PARTS`), in order. */
export const personParts = (count: number): PersonPart[] => {
  const n = Math.min(PERSON_PARTS, Math.max(1, Math.floor(count)));
  return Array.from({ length: n }, (_, index) => ({ index, count: n }));
};

/** The part numbers (0…15) of `part`. */
export function partNumbers(part: PersonPart): number[] {
  if (!Number.isSafeInteger(part.count) || !Number.isSafeInteger(part.index)) throw new Error('Person parts are integers');
  return Array.from({ length: PERSON_PARTS }, (_, n) => n).filter((n) => n % part.count === part.index);
}

/**
 * ` AND <alias>.person_part IN (…)` for rows of `ns_events` — for everyone too: the column stands before
 * `ts` in the time index, so without it a time range is no range of the index (`alias` an identifier of ours).
 */
export function eventsInPart(alias: string, part: PersonPart): string {
  return ` AND ${alias}.person_part IN (${partNumbers(part).join(', ')})`;
}

/** ` AND <person key column in part>` for another table's person keys (the rollups), or nothing for everyone. */
export function keysInPart(column: string, part: PersonPart): string {
  if (part.count <= 1) return '';
  return ` AND (${column} & ${PERSON_PARTS - 1}) IN (${partNumbers(part).join(', ')})`;
}
