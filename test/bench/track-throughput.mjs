// POST /v1/track through the reference router on each storage (memory, SQLite file, MariaDB) beside
// a bare Express route that parses JSON and answers 200, all measured by autocannon in this same run.
// The machine is shared, so baseline and target are measured in turns (BENCH_ROUNDS rounds of each
// body) and each ratio is the median of the rounds' ratios.
//
// Alone: `npm run build && node test/bench/track-throughput.mjs` (BENCH_TARGETS=memory,sqlite,mariadb
// picks storages; BENCH_DURATION seconds per measurement; BENCH_ROUNDS rounds; BENCH_MYSQL=0 skips MariaDB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.mjs';
import { databaseUrl, dropDatabase, recreateDatabase } from './raw-mysql.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const BATCH = 50;

const event = (i) => ({
  event_name: 'bench_event',
  device_id: `device-${i}`,
  str_properties: { plan: 'pro', path: '/pricing' },
  num_properties: { price: 42 },
});
const bodies = {
  single: JSON.stringify(event(1)),
  batch: JSON.stringify({ batch: Array.from({ length: BATCH }, (_, i) => event(i)) }),
};

async function measure(server, body) {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}/v1/track`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', 'x-api-key': server.key },
    body,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

/** The storages to measure: BENCH_TARGETS, else all (mariadb only when BENCH_MYSQL is not "0"). */
function targets(dir) {
  const all = [
    { id: 'memory', name: 'northstar, memory', env: { DATABASE_URL: 'memory:' } },
    { id: 'sqlite', name: 'northstar, sqlite file', env: { DATABASE_URL: `sqlite:${join(dir, 'bench.db')}` } },
    { id: 'mariadb', name: 'northstar, mariadb', env: { DATABASE_URL: databaseUrl('northstar_bench_track') }, mysql: true },
  ];
  const chosen =
    process.env.BENCH_TARGETS?.split(',').map((id) => id.trim()) ?? all.filter((t) => !t.mysql || process.env.BENCH_MYSQL !== '0').map((t) => t.id);
  return all.filter((target) => chosen.includes(target.id));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round2 = (value) => +value.toFixed(2);

/** Rounds of baseline-then-target for each body; every figure kept, medians reported. */
async function compare(baseline, server) {
  const runs = { single: [], batch: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['single', 'batch']) {
      const base = await measure(baseline, bodies[kind]);
      const ours = await measure(server, bodies[kind]);
      runs[kind].push({ base, ours, ratio: ours.rate / base.rate });
    }
  }
  return runs;
}

export async function trackThroughput() {
  const dir = mkdtempSync(join(tmpdir(), 'northstar-bench-'));
  const rows = [];
  const ratios = {};
  const baseline = await startBenchServer('bare-express');
  const baseRuns = { single: [], batch: [] };
  try {
    for (const target of targets(dir)) {
      if (target.mysql) await recreateDatabase('northstar_bench_track');
      const server = await startBenchServer('northstar-storage', target.env);
      try {
        const runs = await compare(baseline, server);
        for (const kind of ['single', 'batch']) baseRuns[kind].push(...runs[kind].map((run) => run.base));
        const ours = (kind) => runs[kind].map((run) => run.ours);
        rows.push({
          name: target.name,
          single_requests_per_s: Math.round(median(ours('single').map((m) => m.rate))),
          single_p99_ms: median(ours('single').map((m) => m.p99)),
          batch50_events_per_s: Math.round(median(ours('batch').map((m) => m.rate)) * BATCH),
          batch50_p99_ms: median(ours('batch').map((m) => m.p99)),
        });
        ratios[target.name] = {
          single: round2(median(runs.single.map((run) => run.ratio))),
          batch50: round2(median(runs.batch.map((run) => run.ratio))),
          single_rounds: runs.single.map((run) => round2(run.ratio)),
          batch50_rounds: runs.batch.map((run) => round2(run.ratio)),
        };
      } finally {
        await server.stop();
        if (target.mysql) await dropDatabase('northstar_bench_track');
      }
    }
  } finally {
    await baseline.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  rows.unshift({
    name: 'bare Express route (baseline)',
    single_requests_per_s: Math.round(median(baseRuns.single.map((m) => m.rate))),
    single_p99_ms: median(baseRuns.single.map((m) => m.p99)),
    batch50_events_per_s: Math.round(median(baseRuns.batch.map((m) => m.rate)) * BATCH),
    batch50_p99_ms: median(baseRuns.batch.map((m) => m.p99)),
  });
  return { name: 'track-throughput', duration_s: DURATION_S, rounds: ROUNDS, connections: CONNECTIONS, rows, ratios };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await trackThroughput();
  console.table(result.rows);
  console.log('against the baseline (median of rounds):', result.ratios);
}
