// POST /v1/track through the reference router on each storage (memory, SQLite file, MariaDB) beside
// a bare Express route that parses JSON and answers 200, all measured by autocannon in this same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.mjs';
import { databaseUrl, dropDatabase, recreateDatabase } from './raw-mysql.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
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

async function measure(port, key, body) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/v1/track`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
  return result;
}

/** The storages to measure; mysql only when BENCH_MYSQL is not "0". */
function targets(dir) {
  const list = [
    { name: 'bare Express route (baseline)', script: 'bare-express', env: {} },
    { name: 'northstar, memory', script: 'northstar-storage', env: { DATABASE_URL: 'memory:' } },
    { name: 'northstar, sqlite file', script: 'northstar-storage', env: { DATABASE_URL: `sqlite:${join(dir, 'bench.db')}` } },
  ];
  if (process.env.BENCH_MYSQL !== '0') list.push({ name: 'northstar, mariadb', script: 'northstar-storage', env: { DATABASE_URL: databaseUrl('northstar_bench_track') }, mysql: true });
  return list;
}

export async function trackThroughput() {
  const dir = mkdtempSync(join(tmpdir(), 'northstar-bench-'));
  const rows = [];
  try {
    for (const target of targets(dir)) {
      if (target.mysql) await recreateDatabase('northstar_bench_track');
      const server = await startBenchServer(target.script, target.env);
      try {
        const single = await measure(server.port, server.key, bodies.single);
        const batch = await measure(server.port, server.key, bodies.batch);
        rows.push({
          name: target.name,
          single_requests_per_s: Math.round(single.requests.average),
          single_p99_ms: single.latency.p99,
          batch50_events_per_s: Math.round(batch.requests.average * BATCH),
          batch50_p99_ms: batch.latency.p99,
        });
      } finally {
        await server.stop();
        if (target.mysql) await dropDatabase('northstar_bench_track');
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const [baseline, ...ours] = rows;
  return {
    name: 'track-throughput',
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    rows,
    ratios: Object.fromEntries(
      ours.map((row) => [row.name, {
        single: +(row.single_requests_per_s / baseline.single_requests_per_s).toFixed(2),
        batch50: +(row.batch50_events_per_s / baseline.batch50_events_per_s).toFixed(2),
      }]),
    ),
  };
}
