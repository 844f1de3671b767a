import { rankGroups } from '@northstar/core';
import type { SlotReader } from './slot-reader.js';

/** A kept group: its key as the parts answered it (`SlotReader.keyText`; null for the absent property), its text and its rank from 1. */
export interface RankedGroupKey {
  key: string | null;
  label: string | null;
  rank: number;
}

/**
 * The groups to keep, in rank order, of groups summed over person parts (`wholes`: each group key's value
 * over the whole range): core's `rankGroups` on their texts — the order one statement ranks in — looking
 * up the texts of only the groups that can rank: the first `limit` by value and every group tied with the
 * last of them.
 */
export async function rankGroupKeys(
  wholes: ReadonlyMap<string | null, number>,
  limit: number,
  reader: SlotReader,
  property: string,
): Promise<RankedGroupKey[]> {
  const sorted = [...wholes].sort((a, b) => b[1] - a[1]);
  const least = sorted[Math.min(limit, sorted.length) - 1]?.[1] ?? 0;
  const candidates = sorted.filter(([, whole]) => whole >= least);
  const texts = await reader.labelsOf(
    property,
    candidates.flatMap(([key]) => (key === null ? [] : [key])),
  );
  const labelOf = (key: string | null) => (key === null ? null : (texts.get(key) ?? key));
  const keyOf = new Map(candidates.map(([key]) => [labelOf(key), key]));
  const ranks = rankGroups(new Map(candidates.map(([key, whole]) => [labelOf(key), whole])), limit);
  return [...ranks].map(([label, rank]) => ({ key: keyOf.get(label) ?? null, label, rank }));
}
