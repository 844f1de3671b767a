// The four analytical questions of issue 14 on MariaDB (segmentation with a filter and a group-by, a
// funnel, retention, a percentile): each through our QueryEngine (result cache off, then its cached
// answer) beside a naive hand-written SQL over a plain table of the same events, in the same run, the
// answers compared. The data is loaded straight into the tables (analytics-load.mjs) and kept in a
// database of a fixed name, so the next run at the same size reuses it (BENCH_DROP_DATA=1 drops it).
import { performance } from 'node:perf_hooks';
import { loadAnalytics, prepareDatabase } from './analytics-load.mjs';
import { ANALYTICS_QUERIES } from './analytics-queries.mjs';
import { connectTo, databaseUrl, dropDatabase } from './raw-mysql.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run) {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

/** `runs` timed runs after one warm-up: the median and the last answer. */
async function measure(run, runs) {
  await run();
  const times = [];
  let value;
  for (let i = 0; i < runs; i += 1) {
    const result = await timed(run);
    times.push(result.ms);
    value = result.value;
  }
  return { ms: median(times), value };
}

/** Loads (or reuses) `count` events and times the four questions; `naiveRuns` naive runs each (no warm-up). */
export async function queryAnalytics({ count = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000), runs = 3, naiveRuns = 1 } = {}) {
  const name = `northstar_bench_analytics_${count}`;
  const { createSqlStorage } = await import('@northstar/adapter-sql');
  const reused = (await prepareDatabase(name, count)) !== undefined;
  const url = databaseUrl(name);
  const storage = await createSqlStorage({ url, queryCacheTtlMs: 0 });
  const cached = await createSqlStorage({ url, migrate: false });
  const raw = await connectTo(name);
  try {
    // The buffer pool decides whether a scan reads memory or disk (InnoDB reads with O_DIRECT): printed beside the figures.
    const [[pool]] = await raw.query('SELECT @@innodb_buffer_pool_size AS bytes');
    const bufferPoolMb = Math.round(Number(pool.bytes) / 2 ** 20);
    console.log(`analytics bench: ${count.toLocaleString('en')} events in ${name}${reused ? ' (reusing what is loaded)' : ''}, buffer pool ${bufferPoolMb} MB`);
    const loadSeconds = await loadAnalytics(name, count, storage);
    const rows = [];
    for (const question of ANALYTICS_QUERIES) {
      const ours = await measure(() => storage.queryEngine.run(question.query), runs);
      const hit = await measure(() => cached.queryEngine.run(question.query), runs);
      console.log(`  ${question.name}: ours ${ours.ms.toFixed(0)} ms, cached ${hit.ms.toFixed(1)} ms; now the naive query`);
      const naive = [];
      let expected;
      for (let i = 0; i < naiveRuns; i += 1) {
        const run = await timed(() => question.naive(raw));
        naive.push(run.ms);
        expected = run.value;
      }
      const answer = question.ours(ours.value);
      const same = JSON.stringify(answer) === JSON.stringify(expected);
      if (!same) console.log(`  DIFFERENT ANSWERS\n    ours:  ${JSON.stringify(answer).slice(0, 400)}\n    naive: ${JSON.stringify(expected).slice(0, 400)}`);
      rows.push({
        query: question.name,
        ours_ms: +ours.ms.toFixed(1),
        cached_ms: +hit.ms.toFixed(2),
        naive_ms: +median(naive).toFixed(1),
        speedup: +(median(naive) / ours.ms).toFixed(1),
        target_ms: question.targetMs,
        same_answer: same,
      });
    }
    return {
      name: `query-analytics-${count}`,
      events: count,
      buffer_pool_mb: bufferPoolMb,
      load_s: +loadSeconds.toFixed(1),
      rows,
      ratios: {
        all_same_answers: rows.every((row) => row.same_answer),
        within_targets: rows.filter((row) => row.ours_ms <= row.target_ms).length + ` of ${rows.length}`,
      },
    };
  } finally {
    await raw.end();
    await cached.dispose();
    await storage.dispose();
    if (process.env.BENCH_DROP_DATA === '1') await dropDatabase(name);
  }
}
