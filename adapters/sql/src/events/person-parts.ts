/** One of `count` disjoint sets of people: those whose person key (a 64-bit hash) leaves `index` divided by `count`. */
export interface PersonPart {
  index: number;
  count: number;
}

/** Every person in one part. */
export const EVERYONE: PersonPart = { index: 0, count: 1 };

/** The `count` parts, in order. */
export const personParts = (count: number): PersonPart[] => Array.from({ length: Math.max(1, count) }, (_, index) => ({ index, count }));

/** ` AND <column in part>`, or nothing for everyone (`column` an identifier of ours). */
export function inPart(column: string, part: PersonPart): string {
  if (part.count <= 1) return '';
  if (!Number.isSafeInteger(part.count) || !Number.isSafeInteger(part.index)) throw new Error('Person parts are integers');
  return ` AND ABS(${column} % ${part.count}) = ${part.index}`;
}
