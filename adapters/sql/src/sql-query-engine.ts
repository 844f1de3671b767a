import type { Knex } from 'knex';
import type { EngineQueries, EngineQuery, QueryEngine } from '@northstar/server';
import type { SqlDialect } from './dialects/sql-dialect.js';
import { aggregate } from './events/aggregate.js';
import { funnel } from './events/funnel-query.js';
import { heatmapQuery } from './events/heatmap-query.js';
import { listEvents } from './events/list-events.js';
import { createQueryCache } from './events/query-cache.js';
import { retention } from './events/retention-query.js';
import { sessionEventCounts } from './events/session-event-counts.js';
import { surveyResults } from './events/survey-results.js';
import { surveyStates } from './events/survey-states.js';

type Handlers = { [K in keyof EngineQueries]: (query: EngineQueries[K]['query']) => Promise<EngineQueries[K]['result']> };

export interface SqlQueryEngineOptions {
  /**
   * How long an answer stays in the result cache (`ns_query_cache`), ms; it is dropped sooner when the
   * project's data version moves (docs/queries.md "Result cache"). 0 turns the cache off.
   * @default 60000
   */
  cacheTtlMs?: number;
  /**
   * Answers computed faster than this, ms, are not stored in the cache: storing is a durable write
   * that costs about what computing a cheap answer again would.
   * @default 25
   */
  cacheMinComputeMs?: number;
  /**
   * How many statements one query may run at once: a segmentation without a group-by (that the rollups
   * cannot answer) over stretches of whole buckets, a funnel without a group-by or a retention query over
   * parts of the people. MariaDB runs a statement on one core. Always 1 where the database runs one
   * statement at a time (SQLite).
   * @default 2
   */
  parallelism?: number;
}

/**
 * The QueryEngine port over knex: each kind of query is one SQL read run inside the database, people
 * resolved through this adapter's device links (the person keys of `ns_events`), answers kept in the
 * database's result cache by (project, query, data version).
 */
export function createSqlQueryEngine(db: Knex, dialect: SqlDialect, options: SqlQueryEngineOptions = {}): QueryEngine {
  const cache = createQueryCache(db, dialect, { ttlMs: options.cacheTtlMs ?? 60_000, minComputeMs: options.cacheMinComputeMs ?? 25 });
  const parallelism = dialect.readsConcurrently ? Math.max(1, Math.floor(options.parallelism ?? 2)) : 1;
  const handlers: Handlers = {
    segmentation: (query) => aggregate(db, dialect, query, parallelism),
    events: (query) => listEvents(db, dialect, query),
    funnel: (query) => funnel(db, dialect, query, parallelism),
    retention: (query) => retention(db, dialect, query, parallelism),
    heatmap: (query) => heatmapQuery(db, dialect, query),
    sessionEventCounts: (query) => sessionEventCounts(db, query),
    surveyStates: (query) => surveyStates(db, dialect, query),
    surveyResults: (query) => surveyResults(db, dialect, query),
  };
  return {
    run(query) {
      // TypeScript cannot correlate `query.kind` with the handler it picks; `Handlers` does.
      const handler = handlers[query.kind] as (query: EngineQuery) => ReturnType<QueryEngine['run']>;
      return cache.run(query, () => handler(query));
    },
  };
}
