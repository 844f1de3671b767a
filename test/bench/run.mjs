// `npm run bench`: every benchmark, each figure printed beside a baseline measured in the same run,
// and the results written as JSON under test/bench/results/. `npm run bench:10m` runs the query benches
// alone at 10 M events (loading takes many minutes; the analytics database is kept and reused).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ingestMysql } from './ingest-mysql.mjs';
import { queryAnalytics } from './query-analytics.mjs';
import { queryUniq } from './query-uniq.mjs';
import { trackThroughput } from './track-throughput.mjs';

execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-if-needed.mjs', import.meta.url))], { stdio: 'inherit' });

const tenMillion = process.argv.includes('--10m');
const benches = tenMillion
  ? [() => queryAnalytics({ count: 10_000_000 }), () => queryUniq({ count: 10_000_000, naiveRuns: 1 })]
  : [
      trackThroughput,
      () => import('./track-cost.mjs').then((m) => m.trackCost()),
      // The Node SDK beside posthog-node (BENCH_NODE_EVENTS per run, BENCH_NODE_RUNS runs).
      () => import('./node-sdk.mjs').then((m) => m.nodeSdk()),
      // BENCH_BROWSER_SECONDS sets its session's length (default 60 s, about 10 minutes for all configurations).
      ...(process.env.BENCH_BROWSER === '0' ? [] : [() => import('./browser-main-thread.mjs').then((m) => m.browserMainThread())]),
      // BENCH_REPLAY_SECONDS sets the mutation scenario's length (default 30 s; about 2 minutes in all).
      ...(process.env.BENCH_BROWSER === '0' ? [] : [() => import('./replay-overhead.mjs').then((m) => m.replayOverhead())]),
      ...(process.env.BENCH_MYSQL === '0' ? [] : [ingestMysql, () => queryUniq(), () => queryAnalytics()]),
    ];

const results = [];
for (const bench of benches) {
  const result = await bench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  console.log('against the baseline:', result.ratios);
  results.push(result);
}

const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
const file = `${dir}${new Date().toISOString().replace(/[:.]/g, '-')}${tenMillion ? '-10m' : ''}.json`;
writeFileSync(file, `${JSON.stringify({ node: process.version, results }, null, 2)}\n`);
console.log(`\nwritten: ${file}`);
