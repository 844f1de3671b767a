// POST /v1/track through the reference router (memory adapter) beside a bare Express route that
// parses JSON and answers 200, both measured by autocannon in this same run.
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.mjs';

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
  return result.requests.average;
}

export async function trackThroughput() {
  const rows = [];
  for (const [name, script] of [['bare Express route (baseline)', 'bare-express'], ['northstar, memory adapter', 'northstar-memory']]) {
    const server = await startBenchServer(script);
    try {
      const single = await measure(server.port, server.key, bodies.single);
      const batch = await measure(server.port, server.key, bodies.batch);
      rows.push({ name, single_requests_per_s: Math.round(single), batch50_events_per_s: Math.round(batch * BATCH) });
    } finally {
      server.stop();
    }
  }
  const [baseline, ours] = rows;
  return {
    name: 'track-throughput',
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    rows,
    ratios: {
      single: +(ours.single_requests_per_s / baseline.single_requests_per_s).toFixed(2),
      batch50: +(ours.batch50_events_per_s / baseline.batch50_events_per_s).toFixed(2),
    },
  };
}
