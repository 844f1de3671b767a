import type { Knex } from 'knex';
import type { AggregateMetric } from '@northstar/server';

/**
 * The SQL aggregate of `metric`: over `person` (the person-key column) for uniq, over `num` (a
 * column or an expression reading the numeric property) for sum / avg / min / max.
 */
export function metricExpression(db: Knex, metric: AggregateMetric, person: string, num: string | Knex.Raw): Knex.Raw {
  const over = (fn: string) => (typeof num === 'string' ? db.raw(`${fn}(??)`, [num]) : db.raw(`${fn}(?)`, [num]));
  switch (metric) {
    case 'total':
      return db.raw('COUNT(*)');
    case 'uniq':
      return db.raw('COUNT(DISTINCT ??)', [person]);
    case 'sum':
      return over('SUM');
    case 'avg':
      return over('AVG');
    case 'min':
      return over('MIN');
    case 'max':
      return over('MAX');
  }
}
