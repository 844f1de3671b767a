/** Compares strings by Unicode code point (the order of UTF-8 bytes, as the SQL adapters sort). */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/**
 * The groups of one event to keep, the `limit` best by their value over the whole range (descending; no
 * value last), ties by the group in code-point order with `null` (the absent property) last, each with
 * its rank from 1 (docs/queries.md, "Group-by").
 */
export function rankGroups(values: ReadonlyMap<string | null, number | null>, limit: number): Map<string | null, number> {
  const ranked = [...values].map(([group, value]) => ({ group, value }));
  ranked.sort((a, b) => {
    if (a.value !== b.value) return (b.value ?? -Infinity) - (a.value ?? -Infinity);
    if (a.group === null || b.group === null) return a.group === null ? (b.group === null ? 0 : 1) : -1;
    return compareCodePoints(a.group, b.group);
  });
  return new Map(ranked.slice(0, limit).map((entry, index) => [entry.group, index + 1]));
}
