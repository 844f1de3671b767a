import { percentileOf, percentileRank } from '@northstar/core';
import type { AggregateMetric } from '@northstar/server';

/** Everything any metric needs from the events of one bucket (or one group over the whole range). */
export interface MetricAccumulator {
  total: number;
  people: Set<string>;
  /** The numeric values of a property metric, in arrival order. */
  values: number[];
  sum: number;
  min: number;
  max: number;
}

export function newAccumulator(): MetricAccumulator {
  return { total: 0, people: new Set(), values: [], sum: 0, min: Infinity, max: -Infinity };
}

/** Adds one event: its person key (null: nobody to count) and its numeric value (for property metrics). */
export function accumulate(acc: MetricAccumulator, person: string | null, value: number | undefined): void {
  acc.total += 1;
  if (person !== null) acc.people.add(person);
  if (value !== undefined) {
    acc.values.push(value);
    acc.sum += value;
    acc.min = Math.min(acc.min, value);
    acc.max = Math.max(acc.max, value);
  }
}

/** Nearest rank: the value at rank ⌈p·n/100⌉ of the ascending values. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[percentileRank(p, sorted.length) - 1] ?? null;
}

/** The metric of the accumulated events; null where it has no value (no property values, no people). */
export function metricValue(acc: MetricAccumulator, metric: AggregateMetric): number | null {
  const count = acc.values.length;
  switch (metric) {
    case 'total':
      return acc.total;
    case 'uniq':
    case 'dau':
    case 'wau':
    case 'mau':
      return acc.people.size;
    case 'per_user':
      return acc.people.size === 0 ? null : acc.total / acc.people.size;
    case 'sum':
      return acc.sum;
    case 'avg':
      return count === 0 ? null : acc.sum / count;
    case 'min':
      return count === 0 ? null : acc.min;
    case 'max':
      return count === 0 ? null : acc.max;
    case 'p50':
    case 'p90':
    case 'p99':
      return percentile(acc.values, percentileOf(metric) ?? 50);
  }
}
