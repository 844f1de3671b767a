// The Node SDK: the cost of one `track()` call (in this process, beside an empty function called the
// same way), and the events per second delivered from the first call to the end of `shutdown()`:
// @northstar/node to the reference router (memory storage, in its own process) and to a bare stub,
// posthog-node (from npm, its exact version in package.json) to the same stub. Each client queues
// all the events of a run (maxQueueSize raised), so nothing is dropped and every figure counts them all.
//
// Alone: `npm run build && node test/bench/node-sdk.mjs` (BENCH_NODE_EVENTS per run, BENCH_NODE_RUNS runs).
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Northstar } from '@northstar/node';
import { PostHog } from 'posthog-node';
import { startBenchServer } from './bench-server.mjs';

const EVENTS = Number(process.env.BENCH_NODE_EVENTS ?? 20_000);
const RUNS = Number(process.env.BENCH_NODE_RUNS ?? 5);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value, digits = 3) => +value.toFixed(digits);
const properties = (i) => ({ i, plan: 'pro', path: '/pricing' });

/** The clients measured, each a `track(i)` and a `done()` that resolves once every event is confirmed. */
const clients = {
  'empty function': () => ({ track: (i) => void properties(i), done: async () => ({ confirmed: EVENTS }) }),
  northstar: (server) => {
    const sdk = new Northstar({ apiKey: server.key, host: `http://127.0.0.1:${server.port}`, maxQueueSize: EVENTS, flushSize: 100 });
    return {
      track: (i) => sdk.track({ event: 'bench_event', userId: `user-${i % 1000}`, properties: properties(i) }),
      done: async () => {
        const report = await sdk.shutdown({ timeoutMs: 120_000 });
        return { confirmed: report.delivered, left: report.undelivered.length };
      },
    };
  },
  'posthog-node': (server) => {
    let failed = 0;
    const sdk = new PostHog('phc_bench', { host: `http://127.0.0.1:${server.port}`, maxQueueSize: EVENTS, flushAt: 100, maxBatchSize: 100 });
    sdk.on('error', () => failed++);
    return {
      track: (i) => sdk.capture({ distinctId: `user-${i % 1000}`, event: 'bench_event', properties: properties(i) }),
      done: async () => {
        await sdk.shutdown(120_000);
        return { confirmed: failed ? undefined : EVENTS, left: failed };
      },
    };
  },
};

async function measure(make, server) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const client = make(server);
    const t0 = performance.now();
    for (let i = 0; i < EVENTS; i++) client.track(i);
    const t1 = performance.now();
    const { confirmed, left = 0 } = await client.done();
    const t2 = performance.now();
    runs.push({ callUs: ((t1 - t0) / EVENTS) * 1000, eventsPerS: EVENTS / ((t2 - t0) / 1000), confirmed, left });
  }
  return {
    'track() µs/call': round(median(runs.map((r) => r.callUs))),
    'events/s delivered': Math.round(median(runs.map((r) => r.eventsPerS))),
    'confirmed / run': runs[0].confirmed ?? 'unknown',
    'left undelivered': runs.reduce((sum, r) => sum + r.left, 0),
  };
}

export async function nodeSdk() {
  const [reference, stub] = await Promise.all([startBenchServer('northstar-storage', { DATABASE_URL: 'memory:' }), startBenchServer('stub-ingest')]);
  const rows = [];
  try {
    rows.push({ name: 'empty function (baseline)', ...(await measure(clients['empty function'])) });
    rows.push({ name: '@northstar/node → reference server (memory)', ...(await measure(clients.northstar, reference)) });
    rows.push({ name: '@northstar/node → stub', ...(await measure(clients.northstar, stub)) });
    rows.push({ name: 'posthog-node → stub', ...(await measure(clients['posthog-node'], stub)) });
  } finally {
    await Promise.all([reference.stop(), stub.stop()]);
  }
  const base = rows[0]['track() µs/call'];
  return {
    name: 'node-sdk (track() cost in this process; delivery until shutdown() resolves)',
    events_per_run: EVENTS,
    runs: RUNS,
    rows,
    ratios: Object.fromEntries(rows.slice(1).map((row) => [row.name, { 'track() vs empty fn': round(row['track() µs/call'] / base, 1) }])),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await nodeSdk();
  console.log(result.name, `${result.runs} runs × ${result.events_per_run} events`);
  console.table(result.rows);
  console.log('against the baseline:', result.ratios);
}
