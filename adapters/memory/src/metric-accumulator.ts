import type { AggregateMetric } from '@northstar/server';

/** Everything any metric needs from the events of one bucket (or one group over the whole range). */
export interface MetricAccumulator {
  total: number;
  people: Set<string>;
  count: number;
  sum: number;
  min: number;
  max: number;
}

export function newAccumulator(): MetricAccumulator {
  return { total: 0, people: new Set(), count: 0, sum: 0, min: Infinity, max: -Infinity };
}

/** Adds one event: its person key (null: nobody to count) and its numeric value (for property metrics). */
export function accumulate(acc: MetricAccumulator, person: string | null, value: number | undefined): void {
  acc.total += 1;
  if (person !== null) acc.people.add(person);
  if (value !== undefined) {
    acc.count += 1;
    acc.sum += value;
    acc.min = Math.min(acc.min, value);
    acc.max = Math.max(acc.max, value);
  }
}

export function metricValue(acc: MetricAccumulator, metric: AggregateMetric): number {
  switch (metric) {
    case 'total':
      return acc.total;
    case 'uniq':
      return acc.people.size;
    case 'sum':
      return acc.sum;
    case 'avg':
      return acc.count === 0 ? 0 : acc.sum / acc.count;
    case 'min':
      return acc.min;
    case 'max':
      return acc.max;
  }
}

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
