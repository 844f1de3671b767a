import type { EngineQueries, EngineQuery, EngineQueryKind, QueryEngine } from '@northstar/server';

/** One function per kind of query, each answering its own kind. */
export type QueryHandlers = { [K in EngineQueryKind]: (query: EngineQueries[K]['query']) => Promise<EngineQueries[K]['result']> };

/** A `QueryEngine` that hands each query to the handler of its `kind`. */
export function dispatchQueries(handlers: QueryHandlers): QueryEngine {
  return {
    run(query) {
      // TypeScript cannot correlate `query.kind` with the handler it picks; the mapped type above does.
      const handler = handlers[query.kind] as (query: EngineQuery) => ReturnType<QueryEngine['run']>;
      return handler(query);
    },
  };
}
