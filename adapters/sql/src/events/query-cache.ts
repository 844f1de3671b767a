import * as crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import type { EngineQuery } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';

/** Answers longer than this (JSON characters) are not kept: a cache of a few large answers would crowd out the rest. */
const MAX_RESULT_CHARS = 1_000_000;

interface CachedRow {
  version: number | string | null;
  result: string | null;
}

/** The query's identity: everything but its time limit, hashed (the time limit never changes an answer). */
function queryHash(query: EngineQuery): string {
  const { timeoutMs: _ignored, ...identity } = query as EngineQuery & { timeoutMs?: number };
  return crypto.createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

/** How long answers live, and which are worth keeping. */
export interface QueryCacheOptions {
  /** Lifetime of an entry, ms; 0 turns the cache off. */
  ttlMs: number;
  /**
   * Answers computed faster than this (ms) are not stored: storing one is a durable write that costs
   * about what computing it again would (the rollup reads take a millisecond).
   */
  minComputeMs: number;
}

/** Where a query's answer is kept: its project and hash. */
interface CacheKey {
  projectId: number;
  hash: string;
}

/**
 * The result cache by (project, query, data version) kept in the database (`ns_query_cache`,
 * migration 0009), so every process on one database shares it. `run` reads the project's data
 * version and a cached answer of that version in one statement; on a miss it computes the answer and
 * stores it under the version read *before* computing, so an answer that raced a write is stored
 * under the older version and never served after it; only answers that took `minComputeMs` or more
 * are stored. Entries live `ttlMs` at most (the database's clock); a process deletes the expired ones
 * of every project at most once per `ttlMs`, when it stores one.
 */
export function createQueryCache(db: Knex, dialect: SqlDialect, { ttlMs, minComputeMs }: QueryCacheOptions) {
  async function lookup(key: CacheKey): Promise<{ version: number; result: string | null }> {
    const sql = `SELECT (SELECT version FROM ns_data_versions WHERE project_id = ?) AS version,
      (SELECT c.result FROM ns_query_cache c WHERE c.project_id = ? AND c.query_hash = ? AND c.expires_at > ${dialect.clockMs}
        AND c.version = COALESCE((SELECT version FROM ns_data_versions WHERE project_id = ?), 0)) AS result`;
    const rows = dialect.rawRows<CachedRow>(await db.raw(sql, [key.projectId, key.projectId, key.hash, key.projectId]));
    const row = rows[0];
    return { version: Number(row?.version ?? 0), result: row?.result ?? null };
  }

  /** When this process last deleted expired entries (epoch ms): at most once per `ttlMs`, not on every store. */
  let swept = Date.now();

  async function store(key: CacheKey, version: number, result: string): Promise<void> {
    const expires = db.raw(`${dialect.clockMs} + ?`, [ttlMs]);
    if (Date.now() - swept >= ttlMs) {
      swept = Date.now();
      await db('ns_query_cache').where('expires_at', '<=', db.raw(dialect.clockMs)).delete();
    }
    await db('ns_query_cache')
      .insert({ project_id: key.projectId, query_hash: key.hash, version, expires_at: expires, result })
      .onConflict(['project_id', 'query_hash'])
      .merge(['version', 'expires_at', 'result']);
  }

  return {
    async run<T>(query: EngineQuery, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return compute();
      const key = { projectId: query.projectId, hash: queryHash(query) };
      const { version, result } = await lookup(key);
      if (result !== null) return JSON.parse(result) as T;
      const started = performance.now();
      const answer = await compute();
      if (performance.now() - started < minComputeMs) return answer;
      const text = JSON.stringify(answer);
      if (text.length > MAX_RESULT_CHARS) return answer;
      try {
        await store(key, version, text);
      } catch (error) {
        // two processes storing the same answer at once: one of them keeps it, the other's answer stands
        if (!dialect.isRetryable(error)) throw error;
      }
      return answer;
    },
  };
}
