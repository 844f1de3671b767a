import { bucketCuts } from '@northstar/core';
import type { AggregateQuery } from '@northstar/server';

/** Below this many buckets a query is not cut: a statement's fixed cost would outweigh the gain. */
const MIN_BUCKETS_PER_PART = 2;

/**
 * `query` cut into at most `parts` queries over consecutive stretches of its range, each made of whole
 * buckets (`bucketCuts`) and about as long as the others: every metric of a bucket is computed from that
 * bucket's events alone, so the parts' rows together are the whole query's.
 */
export function bucketParts(query: AggregateQuery, parts: number): AggregateQuery[] {
  if (parts < 2) return [query];
  const cuts = bucketCuts(query.timeZone ?? 'UTC', query.interval, query.from, query.to);
  const count = Math.min(parts, Math.floor((cuts.length + 1) / MIN_BUCKETS_PER_PART));
  if (count < 2) return [query];
  const span = query.to - query.from;
  const chosen: number[] = [];
  for (let k = 1; k < count; k++) {
    const target = query.from + (span * k) / count;
    const nearest = cuts.reduce((best, cut) => (Math.abs(cut - target) < Math.abs(best - target) ? cut : best));
    if (nearest > (chosen[chosen.length - 1] ?? query.from)) chosen.push(nearest);
  }
  const edges = [query.from, ...chosen, query.to];
  return edges.slice(1).map((to, i) => ({ ...query, from: edges[i]!, to }));
}
