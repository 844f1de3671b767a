// Query on MariaDB: `uniq` per day over 30 days through the adapter (`storage.queryEngine.run`, a segmentation query)
// beside a naive hand-written COUNT(DISTINCT) ... GROUP BY DATE(ts) over a plain indexed table
// holding the same generated rows, both loaded and measured in this run.
import { performance } from 'node:perf_hooks';
import { DATASET_DEFAULTS, eventBatches } from './dataset.mjs';
import { connectTo, createRawTable, databaseUrl, dropDatabase, insertRaw, naiveUniqPerDay, recreateDatabase } from './raw-mysql.mjs';

const DAY_MS = 86_400_000;
const LOAD_BATCH = 10_000;
/** appendEvents calls in flight while loading, as the server's group committer allows. */
const ADAPTER_CONCURRENCY = 2;
/** The plain table's rows per INSERT while loading (one transaction per batch): fewer statements and commits. */
const RAW_STATEMENT_ROWS = 5_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run) {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

/** The same events for both copies: a seeded stream, in time order as live traffic arrives. */
const loadBatches = (count) => eventBatches({ count, batchSize: LOAD_BATCH, projectId: DATASET_DEFAULTS.projectId, timeOrdered: true });

/** Through the adapter, `ADAPTER_CONCURRENCY` batches at a time. */
async function loadAdapter(storage, count, progress) {
  const inflight = new Set();
  for (const batch of loadBatches(count)) {
    const call = storage.eventLog.appendEvents(batch).then(() => {
      inflight.delete(call);
      progress(batch.length);
    });
    inflight.add(call);
    if (inflight.size >= ADAPTER_CONCURRENCY) await Promise.race(inflight);
  }
  await Promise.all(inflight);
}

/** Into the plain table: multi-row INSERTs, one transaction per batch. */
async function loadRaw(raw, count, progress) {
  for (const batch of loadBatches(count)) {
    await raw.beginTransaction();
    for (let i = 0; i < batch.length; i += RAW_STATEMENT_ROWS) await insertRaw(raw, batch.slice(i, i + RAW_STATEMENT_ROWS));
    await raw.commit();
    progress(batch.length);
  }
}

/** Both copies load at once (separate tables and connections, each at its own pace) to shorten the wall time. */
async function load(storage, raw, count) {
  const loaded = { adapter: 0, raw: 0 };
  let reported = 0;
  const started = performance.now();
  const progress = (side) => (n) => {
    loaded[side] += n;
    const both = loaded.adapter + loaded.raw;
    if (both - reported < count / 5 && both < 2 * count) return;
    reported = both;
    const s = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`  ${s} s: adapter ${loaded.adapter.toLocaleString('en')}, raw ${loaded.raw.toLocaleString('en')} of ${count.toLocaleString('en')} events`);
  };
  const [adapter, plain] = await Promise.all([
    timed(() => loadAdapter(storage, count, progress('adapter'))),
    timed(() => loadRaw(raw, count, progress('raw'))),
  ]);
  return { adapter: adapter.ms, raw: plain.ms };
}

/** Loads `count` seeded events into a fresh database twice (adapter, raw table) and times `uniq` per day over 30 days. */
export async function queryUniq({ count = Number(process.env.BENCH_QUERY_EVENTS ?? 1_000_000), naiveRuns = 1, runs = 5 } = {}) {
  const name = `northstar_bench_query_${count}`;
  const { createSqlStorage } = await import('@northstar/adapter-sql');
  await recreateDatabase(name);
  const storage = await createSqlStorage({ url: databaseUrl(name) });
  const raw = await connectTo(name);
  try {
    const project = await storage.config.createProject({ name: 'Bench', plan: 'free' });
    if (project.id !== DATASET_DEFAULTS.projectId) throw new Error(`expected project ${DATASET_DEFAULTS.projectId}, got ${project.id}`);
    await createRawTable(raw);
    console.log(`query bench: loading ${count.toLocaleString('en')} events into ${name}`);
    const loadTimes = await load(storage, raw, count);

    const from = DATASET_DEFAULTS.start;
    const to = from + DATASET_DEFAULTS.days * DAY_MS;
    const query = { kind: 'segmentation', projectId: project.id, events: ['$pageview'], metric: 'uniq', interval: 'day', from, to };
    await storage.queryEngine.run(query); // warm-up
    const ours = [];
    let answer = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await timed(() => storage.queryEngine.run(query));
      ours.push(run.ms);
      answer = run.value;
    }
    console.log(`  adapter: uniq per day over 30 days, median of ${runs}: ${median(ours).toFixed(1)} ms; now the naive query (minutes at 10 M)`);
    const naive = [];
    let expected = [];
    for (let i = 0; i < naiveRuns; i += 1) {
      const run = await timed(() => naiveUniqPerDay(raw, { projectId: project.id, event: '$pageview', from, to }));
      naive.push(run.ms);
      expected = run.value;
    }
    const byDay = (rows) => JSON.stringify([...rows].map((row) => [row.bucket, row.value]).sort());
    const sameAnswer = byDay(answer) === byDay(expected);
    return {
      name: `query-uniq-30d-${count}`,
      events: count,
      rows: [
        {
          name: 'naive COUNT(DISTINCT) GROUP BY DATE(ts), plain indexed table (baseline)',
          median_ms: +median(naive).toFixed(1),
          runs: naiveRuns,
          load_s_concurrent: +(loadTimes.raw / 1000).toFixed(1),
        },
        { name: 'adapter-sql storage.queryEngine.run', median_ms: +median(ours).toFixed(1), runs, load_s_concurrent: +(loadTimes.adapter / 1000).toFixed(1) },
      ],
      ratios: { speedup_vs_naive: +(median(naive) / median(ours)).toFixed(1), same_answer: sameAnswer, target_ms: 500 },
    };
  } finally {
    await raw.end();
    await storage.dispose();
    if (process.env.BENCH_KEEP_DATA !== '1') await dropDatabase(name);
  }
}
