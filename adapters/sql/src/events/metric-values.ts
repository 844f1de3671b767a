import type { Knex } from 'knex';
import { percentileOf } from '@northstar/core';
import type { AggregateMetric } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { metricExpression } from './metric-expression.js';

/**
 * One row per distinct `by` of `source` (rows with `person_key` and `num` columns): the `by` columns and
 * the metric as `value`. An aggregate is one `GROUP BY`. A percentile (MariaDB has `PERCENTILE_DISC` only
 * as a window function, SQLite none) is the nearest rank r = ⌈p·n/100⌉ of its partition, in integers, so
 * every engine picks the same value: the rows are first counted per distinct `num` (`c`), then the value
 * whose running count `upto` reaches r is the one with `upto - c < r ≤ upto`. Sorting the distinct values
 * instead of every row halved MariaDB's p90 per day at 10 M bench events (docs/queries.md).
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
  const counted = db
    .from(source)
    .select(...by, 'num', db.raw('COUNT(*) AS c'))
    .groupBy(...by, 'num');
  const ranked = db
    .from(counted.as('pc'))
    .select(
      ...by,
      'num',
      'c',
      db.raw(`SUM(c) OVER (PARTITION BY ${partition} ORDER BY num ROWS UNBOUNDED PRECEDING) AS upto`, [...by]),
      db.raw(`SUM(c) OVER (PARTITION BY ${partition}) AS cnt`, [...by]),
    );
  const rank = dialect.intDiv(`(${p} * cnt + 99)`, 100);
  return db
    .from(ranked.as('pr'))
    .select(...by, 'num as value')
    .whereRaw(`upto >= ${rank} AND upto - c < ${rank}`);
}
