// Query on MariaDB: `uniq` per day over 30 days through the adapter (`storage.events.aggregate`)
// beside a naive hand-written COUNT(DISTINCT) ... GROUP BY DATE(ts) over a plain indexed table
// holding the same generated rows, both loaded and measured in this run.
import { performance } from 'node:perf_hooks';
import { DATASET_DEFAULTS, eventBatches } from './dataset.mjs';
import { connectTo, createRawTable, databaseUrl, dropDatabase, insertRaw, naiveUniqPerDay, recreateDatabase } from './raw-mysql.mjs';

const DAY_MS = 86_400_000;
const LOAD_BATCH = 10_000;
const RAW_STATEMENT_ROWS = 1_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run) {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

async function load(storage, raw, count) {
  const times = { adapter: 0, raw: 0 };
  let loaded = 0;
  let reported = 0;
  for (const batch of eventBatches({ count, batchSize: LOAD_BATCH, projectId: DATASET_DEFAULTS.projectId })) {
    // Both copies load at once (separate tables and connections) to halve the wall time.
    const rawInserts = async () => {
      for (let i = 0; i < batch.length; i += RAW_STATEMENT_ROWS) await insertRaw(raw, batch.slice(i, i + RAW_STATEMENT_ROWS));
    };
    const [adapter, plain] = await Promise.all([timed(() => storage.events.appendEvents(batch)), timed(rawInserts)]);
    times.adapter += adapter.ms;
    times.raw += plain.ms;
    loaded += batch.length;
    if (loaded - reported >= count / 10 || loaded === count) {
      reported = loaded;
      console.log(`  loaded ${loaded.toLocaleString('en')} / ${count.toLocaleString('en')} events (adapter ${(times.adapter / 1000).toFixed(1)} s, raw ${(times.raw / 1000).toFixed(1)} s)`);
    }
  }
  return times;
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
    const query = { projectId: project.id, events: ['$pageview'], metric: 'uniq', interval: 'day', from, to };
    await storage.events.aggregate(query); // warm-up
    const ours = [];
    let answer = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await timed(() => storage.events.aggregate(query));
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
        { name: 'naive COUNT(DISTINCT) GROUP BY DATE(ts), plain indexed table (baseline)', median_ms: +median(naive).toFixed(1), runs: naiveRuns, load_s_concurrent: +(loadTimes.raw / 1000).toFixed(1) },
        { name: 'adapter-sql storage.events.aggregate', median_ms: +median(ours).toFixed(1), runs, load_s_concurrent: +(loadTimes.adapter / 1000).toFixed(1) },
      ],
      ratios: { speedup_vs_naive: +(median(naive) / median(ours)).toFixed(1), same_answer: sameAnswer, target_ms: 500 },
    };
  } finally {
    await raw.end();
    await storage.dispose();
    if (process.env.BENCH_KEEP_DATA !== '1') await dropDatabase(name);
  }
}
