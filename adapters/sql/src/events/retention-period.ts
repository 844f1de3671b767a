import type { ZoneSpan } from '@northstar/core';
import type { RetentionQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { DAY_MS } from './event-rows.js';
import { literal } from './step-condition.js';

/**
 * The local period index of an epoch-ms `column` (an expression of ours): its local day number, or ISO
 * weeks since Monday 1969-12-29, with the offsets of `spans` (core's `zoneSpans` over the query's instants).
 */
export function periodExpression(dialect: SqlDialect, query: RetentionQuery, column: string, spans: readonly ZoneSpan[]): string {
  const last = spans[spans.length - 1]!;
  const local = `CASE ${spans
    .slice(0, -1)
    .map((span) => `WHEN ${column} < ${literal(span.to)} THEN ${column} + ${literal(span.offset)}`)
    .join(' ')} ELSE ${column} + ${literal(last.offset)} END`;
  const day = dialect.intDiv(spans.length === 1 ? `(${column} + ${literal(last.offset)})` : `(${local})`, DAY_MS);
  return query.period === 'day' ? day : dialect.intDiv(`(${day} + 3)`, 7);
}

/** The period index of a local day number: the day, or its ISO week since Monday 1969-12-29. */
export const periodOfDay = (query: RetentionQuery, day: number): number => (query.period === 'day' ? day : Math.floor((day + 3) / 7));

/** The first local day number of a period index. */
export const firstDay = (query: RetentionQuery, index: number): number => (query.period === 'day' ? index : index * 7 - 3);
