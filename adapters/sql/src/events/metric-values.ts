import type { Knex } from 'knex';
import { percentileOf } from '@northstar/core';
import type { AggregateMetric } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { metricExpression } from './metric-expression.js';

/**
 * One row per distinct `by` of `source` (rows with `person_key` and `num` columns): the `by` columns and
 * the metric as `value`. An aggregate is one `GROUP BY`; a percentile (MariaDB has `PERCENTILE_DISC`
 * only as a window function, SQLite none) is the row whose `ROW_NUMBER()` in ascending `num` is the
 * nearest rank ⌈p·n/100⌉ of its partition, in integers, so every engine picks the same value.
 */
export function metricValues(db: Knex, dialect: SqlDialect, source: string, by: readonly string[], metric: AggregateMetric): Knex.QueryBuilder {
  const p = percentileOf(metric);
  if (p === undefined) {
    return db
      .from(source)
      .select(...by, db.raw('? AS value', [metricExpression(db, metric, 'person_key', 'num')]))
      .groupBy(...by);
  }
  const partition = by.map(() => '??').join(', ');
  const ranked = db
    .from(source)
    .select(
      ...by,
      'num',
      db.raw(`ROW_NUMBER() OVER (PARTITION BY ${partition} ORDER BY num) AS rn`, [...by]),
      db.raw(`COUNT(*) OVER (PARTITION BY ${partition}) AS cnt`, [...by]),
    );
  return db
    .from(ranked.as('pr'))
    .select(...by, 'num as value')
    .whereRaw(`rn = ${dialect.intDiv(`(${p} * cnt + 99)`, 100)}`);
}
