// Ingest into MariaDB: events/s through POST /v1/track ({ batch } of 1,000 events, group-committed)
// beside raw mysql2 multi-row inserts of the same rows into a plain table (one connection, 1,000 rows a
// statement), both in this run.
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './bench-server.mjs';
import { eventBatches } from './dataset.mjs';
import { connectTo, createRawTable, databaseUrl, dropDatabase, insertRaw, recreateDatabase } from './raw-mysql.mjs';

const EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 200_000);
const PER_REQUEST = 1_000;
const CLIENTS = Number(process.env.BENCH_INGEST_CLIENTS ?? 4);
const DATABASE = 'northstar_bench_ingest';
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 3);

const wire = (e) => ({
  uuid: e.uuid,
  event_name: e.event_name,
  user_id: e.user_id,
  device_id: e.device_id,
  timestamp: new Date(e.timestamp).toISOString(),
  str_properties: e.str_properties,
  num_properties: e.num_properties,
});

async function rawRate() {
  const connection = await connectTo(DATABASE);
  try {
    await createRawTable(connection);
    const started = performance.now();
    for (const batch of eventBatches({ count: EVENTS, batchSize: PER_REQUEST, seed: 7 })) await insertRaw(connection, batch);
    return EVENTS / ((performance.now() - started) / 1000);
  } finally {
    await connection.end();
  }
}

async function trackRate() {
  const bodies = [...eventBatches({ count: EVENTS, batchSize: PER_REQUEST, seed: 7 })].map((batch) => JSON.stringify({ batch: batch.map(wire) }));
  const server = await startBenchServer('northstar-storage', { DATABASE_URL: databaseUrl(DATABASE) });
  try {
    let next = 0;
    const client = async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const response = await fetch(`http://127.0.0.1:${server.port}/v1/track`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': server.key },
          body,
        });
        const answer = await response.json();
        if (response.status !== 200 || answer.accepted !== PER_REQUEST)
          throw new Error(`track answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    return EVENTS / ((performance.now() - started) / 1000);
  } finally {
    await server.stop();
  }
}

/** Best of `ROUNDS` alternating rounds (raw, ours, raw, ours...): the machine is shared, so one round can be unlucky. */
export async function ingestMysql() {
  const raw = [];
  const ours = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      await recreateDatabase(DATABASE);
      raw.push(await rawRate());
      await recreateDatabase(DATABASE);
      ours.push(await trackRate());
    }
  } finally {
    await dropDatabase(DATABASE);
  }
  const best = (rates) => Math.round(Math.max(...rates));
  return {
    name: 'ingest-mariadb',
    events: EVENTS,
    events_per_request: PER_REQUEST,
    clients: CLIENTS,
    rows: [
      { name: 'raw mysql2 multi-row INSERT, 1 connection (baseline)', events_per_s: best(raw), rounds: raw.map(Math.round).join(' / ') },
      { name: 'northstar POST /v1/track → group commit → adapter-sql', events_per_s: best(ours), rounds: ours.map(Math.round).join(' / ') },
    ],
    // Each round's own ratio too: on a shared machine a round can be slowed by other jobs.
    ratios: { track_vs_raw: +(best(ours) / best(raw)).toFixed(2), target: 0.6, per_round: ours.map((rate, i) => +(rate / raw[i]).toFixed(2)).join(' / ') },
  };
}
