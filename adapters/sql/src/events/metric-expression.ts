import type { Knex } from 'knex';
import type { AggregateMetric } from '@northstar/server';

/**
 * The SQL aggregate of `metric`: over `person` (the person-key column) for uniq and per_user (a
 * double: `1e0` keeps MySQL from dividing in DECIMAL), over `num` (a column or an expression reading
 * the numeric property) for sum / avg / min / max. Percentiles are no aggregate: see `metric-values.ts`.
 */
export function metricExpression(db: Knex, metric: AggregateMetric, person: string, num: string | Knex.Raw): Knex.Raw {
  const over = (fn: string) => (typeof num === 'string' ? db.raw(`${fn}(??)`, [num]) : db.raw(`${fn}(?)`, [num]));
  switch (metric) {
    case 'total':
      return db.raw('COUNT(*)');
    case 'uniq':
    case 'dau':
    case 'wau':
    case 'mau':
      return db.raw('COUNT(DISTINCT ??)', [person]);
    case 'per_user':
      return db.raw('COUNT(*) * 1e0 / COUNT(DISTINCT ??)', [person]);
    case 'sum':
      return over('SUM');
    case 'avg':
      return over('AVG');
    case 'min':
      return over('MIN');
    case 'max':
      return over('MAX');
    case 'p50':
    case 'p90':
    case 'p99':
      throw new Error(`${metric} is not an aggregate`);
  }
}
