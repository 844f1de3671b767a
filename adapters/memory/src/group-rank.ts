import { compareCodePoints } from './metric-accumulator.js';

/**
 * The groups of one event to keep, the `limit` best by their value over the whole range (descending; no
 * value last), ties by the group in code-point order with `null` last, each with its rank from 1.
 */
export function rankGroups(values: Map<string | null, number | null>, limit: number): Map<string | null, number> {
  const ranked = [...values].map(([group, value]) => ({ group, value }));
  ranked.sort((a, b) => {
    if (a.value !== b.value) return (b.value ?? -Infinity) - (a.value ?? -Infinity);
    if (a.group === null || b.group === null) return a.group === null ? (b.group === null ? 0 : 1) : -1;
    return compareCodePoints(a.group, b.group);
  });
  return new Map(ranked.slice(0, limit).map((entry, index) => [entry.group, index + 1]));
}
