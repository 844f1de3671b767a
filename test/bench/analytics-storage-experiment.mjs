// The storage experiment of issue 14 ("Fast on MySQL"), run alone, not part of `npm run bench`:
//   node test/bench/analytics-storage-experiment.mjs [count = 1000000]
// On the analytics bench database (analytics-load.mjs; a load of the same size is reused) it builds each
// candidate layout from `ns_events` with INSERT … SELECT (analytics-storage-layouts.mjs) and times the four
// bench questions as SQL against each (analytics-storage-sql.mjs), every answer compared with the naive
// query's (analytics-queries.mjs): (A) the engine's own statements (before migration 0010-property-slots
// they read the JSON; since, its slots: layout F below), the tables as they are; (B) a narrow fact
// table with property slots; (C) `ns_events` clustered by (project_id, event_name, ts, id); (D) other
// statement forms on those; (E) C with B's slot columns in its rows. Then the per-event write cost of A, B and C beside the raw mysql2 insert
// (analytics-storage-writes.mjs). Each statement runs 3 times, the median is reported; the machine may
// be shared, so only ratios within one run mean much. Results also go to test/bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import knexFactory from 'knex';
import { ANALYTICS_DEFAULTS } from './analytics-dataset.mjs';
import { loadAnalytics, prepareDatabase } from './analytics-load.mjs';
import { ANALYTICS_QUERIES } from './analytics-queries.mjs';
import { buildFacts, buildInline, buildReclustered, jsonPath, sightSlots, slotOf, valueId } from './analytics-storage-layouts.mjs';
import {
  NORMAL_FORMS,
  funnelOnFacts,
  funnelForm,
  onTable,
  percentileCounted,
  percentileOnFacts,
  retentionScan,
  uniqOnFacts,
  uniqOneScan,
} from './analytics-storage-sql.mjs';
import { writeCost } from './analytics-storage-writes.mjs';
import { connectTo, databaseUrl } from './raw-mysql.mjs';

const RUNS = 3;
/** A statement slower than this on its first run is not run again (its other forms are the point). */
const SLOW_MS = 10_000;
const COLLATION = "SET time_zone = '+00:00', collation_connection = IF(VERSION() LIKE '%MariaDB%', 'utf8mb4_nopad_bin', 'utf8mb4_0900_bin')";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A knex pool set up as the adapter's (mysql-connection.ts), whose statements can be watched. */
function benchKnex(name) {
  const url = new URL(databaseUrl(name));
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: name,
      charset: 'utf8mb4',
      timezone: 'Z',
      decimalNumbers: true,
    },
    pool: { min: 0, max: 4, afterCreate: (connection, done) => connection.query(COLLATION, (error) => done(error, connection)) },
  });
}

/** Runs the engine query once and returns its answer and its last statement on the event tables. */
async function engineStatement(db, storage, query) {
  const seen = [];
  const listen = (q) => {
    if (/\bns_(events|person_days)\b/.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings });
  };
  db.on('query', listen);
  try {
    const started = performance.now();
    const answer = await storage.queryEngine.run(query);
    return { answer, ms: performance.now() - started, statement: seen.at(-1) };
  } finally {
    db.off('query', listen);
  }
}

/** `runs` timed runs of one statement (one when the first takes over `SLOW_MS`): the median, each time, and the last rows. */
async function timeStatement(connection, statement, runs = RUNS) {
  const times = [];
  let rows;
  for (let i = 0; i < runs && !(i === 1 && times[0] > SLOW_MS); i += 1) {
    const started = performance.now();
    [rows] = await connection.query(statement.sql, statement.bindings);
    times.push(performance.now() - started);
  }
  return { ms: median(times), times, rows };
}

/** The engine's JSON reads (dialects/mysql.ts), the path bound. */
const JSON_TEXT = 'CAST(JSON_UNQUOTE(JSON_EXTRACT(str_props, ?)) AS BINARY)';
const JSON_NUMBER = 'CAST(JSON_EXTRACT(num_props, ?) AS DOUBLE)';

/** Each question's variants beside the engine's statement: `[label, statement]`. */
function variantsOf(kind, query, engine, slots, extra) {
  const onJson = (table) => ({
    table,
    grp: JSON_TEXT,
    grpBindings: [jsonPath(query.groupBy?.property ?? '')],
    condition: `${JSON_TEXT} = CAST(? AS BINARY)`,
    conditionBindings: [jsonPath(query.filters?.[0]?.property ?? ''), query.filters?.[0]?.value],
    label: (column) => column,
  });
  switch (kind) {
    case 'uniq': {
      const onSlots = (table) => ({
        table,
        grp: slotOf(slots, 'str', query.groupBy.property),
        condition: `${slotOf(slots, 'str', query.filters[0].property)} = ?`,
        conditionBindings: [valueId(query.filters[0].value)],
        label: (column) => `(SELECT CAST(d.value AS BINARY) FROM exp_b_values d WHERE d.project_id = ? AND d.id = ${column})`,
        labelBindings: [query.projectId],
      });
      return [
        ['A engine (ns_events, JSON)', engine],
        ['C engine SQL on exp_c_events', onTable(engine, 'exp_c_events')],
        ['B facts, engine shape', uniqOnFacts(query, slots)],
        ['E slots in exp_e_events, engine shape', uniqOnFacts(query, slots, 'exp_e_events')],
        ['D one scan, A', uniqOneScan(query, onJson('ns_events'))],
        ['D one scan, B', uniqOneScan(query, onSlots('exp_b_facts'))],
        ['D one scan, E', uniqOneScan(query, onSlots('exp_e_events'))],
      ];
    }
    case 'funnel':
      return [
        ['A engine (ns_events)', engine],
        ['C engine SQL on exp_c_events', onTable(engine, 'exp_c_events')],
        ['B engine SQL on exp_b_facts', funnelOnFacts(engine)],
        ['E engine SQL on exp_e_events', onTable(engine, 'exp_e_events')],
        ['D step-2 people only, A', funnelForm(query, 'ns_events', { pruned: true })],
        ['D linear next match, A', funnelForm(query, 'ns_events', { linear: true })],
        ['D linear next match, B', funnelForm(query, 'exp_b_facts', { linear: true })],
        ['D linear, step-2 people only, A', funnelForm(query, 'ns_events', { pruned: true, linear: true })],
        ['D linear, step-2 people only, B', funnelForm(query, 'exp_b_facts', { pruned: true, linear: true })],
        ['D linear, step-2 people only, E', funnelForm(query, 'exp_e_events', { pruned: true, linear: true })],
        ['D linear, step-2 people by person index, A', funnelForm(query, 'ns_events', { pruned: true, byPerson: true, linear: true })],
        ['D linear, step-2 people by person index, C', funnelForm(query, 'exp_c_events', { pruned: true, byPerson: true, linear: true })],
        ['D linear, step-2 people by person index, E', funnelForm(query, 'exp_e_events', { pruned: true, byPerson: true, linear: true })],
      ];
    case 'retention': {
      const scanQuery = extra.scanQuery;
      const json = {
        start: "(JSON_CONTAINS_PATH(str_props, 'one', ?) = 1 OR JSON_CONTAINS_PATH(num_props, 'one', ?) = 1)",
        startBindings: [jsonPath('plan'), jsonPath('plan')],
      };
      const slot = { start: `${slotOf(slots, 'str', 'plan')} IS NOT NULL` };
      return [
        ['A engine (ns_person_days rollup; every layout)', engine],
        // about a minute at 1 M events: timed once
        ['A engine, events scan (start filter plan is_set), 1 run', { ...extra.scan, runs: 1 }],
        ['D first start by FIRST_VALUE, A', retentionScan(scanQuery, { table: 'ns_events', ...json, firstValue: true })],
        ['D first start by FIRST_VALUE, B', retentionScan(scanQuery, { table: 'exp_b_facts', ...slot, firstValue: true })],
        ['D FIRST_VALUE, one reference, A', retentionScan(scanQuery, { table: 'ns_events', ...json, firstValue: true, oneRef: true })],
        ['D FIRST_VALUE, one reference, B', retentionScan(scanQuery, { table: 'exp_b_facts', ...slot, firstValue: true, oneRef: true })],
        ['D FIRST_VALUE, one reference, E', retentionScan(scanQuery, { table: 'exp_e_events', ...slot, firstValue: true, oneRef: true })],
        [
          'D FIRST_VALUE, one reference, start people only, B',
          retentionScan(scanQuery, { table: 'exp_b_facts', ...slot, firstValue: true, oneRef: true, pruned: true }),
        ],
        [
          'D FIRST_VALUE, one reference, start people by person index, A',
          retentionScan(scanQuery, { table: 'ns_events', ...json, firstValue: true, oneRef: true, pruned: true, byPerson: true }),
        ],
        [
          'D FIRST_VALUE, one reference, start people by person index, E',
          retentionScan(scanQuery, { table: 'exp_e_events', ...slot, firstValue: true, oneRef: true, pruned: true, byPerson: true }),
        ],
      ];
    }
    case 'p90':
      return [
        ['A engine (ns_events, JSON)', engine],
        ['C engine SQL on exp_c_events', onTable(engine, 'exp_c_events')],
        ['B facts, engine shape', percentileOnFacts(query, slots)],
        ['E slots in exp_e_events, engine shape', percentileOnFacts(query, slots, 'exp_e_events')],
        ['D counted, A', percentileCounted(query, { table: 'ns_events', value: JSON_NUMBER, bindings: [jsonPath(query.property)] })],
        ['D counted, C', percentileCounted(query, { table: 'exp_c_events', value: JSON_NUMBER, bindings: [jsonPath(query.property)] })],
        ['D counted, B', percentileCounted(query, { table: 'exp_b_facts', value: slotOf(slots, 'num', query.property) })],
        ['D counted, E', percentileCounted(query, { table: 'exp_e_events', value: slotOf(slots, 'num', query.property) })],
      ];
  }
  throw new Error(kind);
}

const KINDS = ['uniq', 'funnel', 'retention', 'p90'];

async function tableSizes(connection) {
  const [rows] = await connection.query(
    `SELECT TABLE_NAME AS name, TABLE_ROWS AS est_rows, DATA_LENGTH AS data, INDEX_LENGTH AS indexes FROM information_schema.TABLES
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('ns_events', 'exp_b_facts', 'exp_b_values', 'exp_c_events', 'exp_e_events')`,
  );
  return rows.map((row) => ({ table: row.name, data_mb: +(row.data / 2 ** 20).toFixed(1), index_mb: +(row.indexes / 2 ** 20).toFixed(1) }));
}

export async function storageExperiment({ count, writes = 100_000 }) {
  const name = `northstar_bench_analytics_${count}`;
  const { createSqlStorage } = await import('@northstar/adapter-sql');
  await prepareDatabase(name, count);
  const db = benchKnex(name);
  const storage = await createSqlStorage({ knex: db, queryCacheTtlMs: 0 });
  const connection = await connectTo(name);
  const raw = await connectTo(name);
  try {
    await connection.query(COLLATION);
    console.log(`storage experiment: ${count.toLocaleString('en')} events in ${name}`);
    const loadSeconds = await loadAnalytics(name, count, storage);
    const slots = await sightSlots(connection, ANALYTICS_DEFAULTS.projectId);
    console.log('  slots:', JSON.stringify({ str: [...slots.str], num: [...slots.num] }));
    const built = {
      B: await buildFacts(connection, slots, count),
      C: await buildReclustered(connection, count),
      E: await buildInline(connection, slots, count),
    };
    console.log(`  layouts built (s): ${JSON.stringify(built)}`);
    const rows = [];
    for (const [index, question] of ANALYTICS_QUERIES.entries()) {
      const kind = KINDS[index];
      const naiveStarted = performance.now();
      const expected = await question.naive(raw);
      const naiveMs = performance.now() - naiveStarted;
      const engine = await engineStatement(db, storage, question.query);
      const engineSame = JSON.stringify(question.ours(engine.answer)) === JSON.stringify(expected);
      console.log(`  ${question.name}: naive ${naiveMs.toFixed(0)} ms, engine ${engine.ms.toFixed(0)} ms (same answer: ${engineSame})`);
      rows.push({ question: kind, variant: 'naive SQL on raw_events (1 run)', ms: Math.round(naiveMs), same_answer: true });
      const extra = {};
      if (kind === 'retention') {
        extra.scanQuery = { ...question.query, start: { ...question.query.start, filters: [{ property: 'plan', op: 'is_set' }] } };
        const scan = await engineStatement(db, storage, extra.scanQuery);
        extra.scan = scan.statement;
      }
      for (const [label, statement] of variantsOf(kind, question.query, engine.statement, slots, extra)) {
        const timed = await timeStatement(connection, statement, statement.runs);
        const answer = NORMAL_FORMS[kind](timed.rows, question.query.steps?.length);
        const same = JSON.stringify(answer) === JSON.stringify(expected);
        console.log(`    ${label}: ${timed.ms.toFixed(0)} ms (${timed.times.map((t) => t.toFixed(0)).join(' / ')})${same ? '' : ' DIFFERENT ANSWER'}`);
        if (!same) console.log(`      got ${JSON.stringify(answer).slice(0, 300)}\n      want ${JSON.stringify(expected).slice(0, 300)}`);
        rows.push({ question: kind, variant: label, ms: Math.round(timed.ms), runs: timed.times.map(Math.round).join(' / '), same_answer: same });
      }
    }
    const sizes = await tableSizes(connection);
    console.log(`  write cost: ${writes.toLocaleString('en')} events per layout and round`);
    const writeRows = await writeCost({ count: writes, template: connection });
    return { name: `storage-experiment-${count}`, events: count, load_s: +loadSeconds.toFixed(1), built_s: built, slots, rows, sizes, writes: writeRows };
  } finally {
    await raw.end();
    await connection.end();
    await storage.dispose();
    await db.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 1_000_000);
  const result = await storageExperiment({ count, writes: Number(process.env.BENCH_STORAGE_WRITES ?? 100_000) });
  console.table(result.rows);
  console.table(result.sizes);
  console.table(result.writes);
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = `${dir}${new Date().toISOString().replace(/[:.]/g, '-')}-storage-experiment.json`;
  const slots = { str: [...result.slots.str], num: [...result.slots.num] };
  writeFileSync(file, `${JSON.stringify({ node: process.version, ...result, slots }, null, 2)}\n`);
  console.log(`written: ${file}`);
}
