// The per-event write cost of each candidate layout of the storage experiment: the same bench events
// inserted through each layout's statements for the events (one transaction per 1,000 events, as
// appendEvents writes them; the rollups, the same for every layout, are left out) beside the raw mysql2
// insert of the same rows (the ingest bench's baseline), in alternating rounds of one run. Measured: the
// wall-clock rate and the database server's CPU seconds (from /proc).
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { analyticsBatches } from './analytics-dataset.mjs';
import { eventRow } from './analytics-load.mjs';
import {
  FACT_COLUMNS,
  NUMBER_SLOTS,
  STRING_SLOTS,
  eventTableSql,
  eventsDefinition,
  factTableSql,
  reclusterSql,
  coveringIndexSql,
  slotColumnsSql,
  uuidClusteredSql,
  valueId,
  valueTableSql,
  withoutTimeIndexSql,
} from './analytics-storage-layouts.mjs';
import { connectTo, createRawTable, dropDatabase, insertRaw, recreateDatabase } from './raw-mysql.mjs';

const DATABASE = 'northstar_bench_storage_writes';
const BATCH = 1_000;
/** Clock ticks per second of /proc/<pid>/stat (Linux's USER_HZ). */
const TICKS = 100;

const EVENT_COLUMNS = ['project_id', 'uuid', 'event_name', 'user_id', 'device_id', 'session_id', 'person_key', 'ts', 'received_at', 'str_props', 'num_props'];

/** The database server's process (mariadbd or mysqld), for its CPU time; undefined when not on this machine. */
function serverPid() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const name = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (name === 'mariadbd' || name === 'mysqld') return entry;
    } catch {
      // a process that ended while we looked
    }
  }
  return undefined;
}

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid) {
  if (pid === undefined) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/**
 * Every layout's rows, made before any timing: the events' rows, and for B the fact rows (slots assigned
 * on first sight, string values turned into dictionary ids through a cache) and the dictionary rows each
 * batch adds (values not seen in an earlier batch). Returns the JS time B's extra work took.
 */
function prepare(count) {
  const batches = [...analyticsBatches({ count, batchSize: BATCH, seed: 4242 })];
  const slots = { str: new Map(), num: new Map() };
  const ids = new Map();
  /** B-int's ids: the value's number in order of first sight (as a dictionary's AUTO_INCREMENT would give). */
  const numbers = new Map();
  const idOf = (value) => {
    if (!numbers.has(value)) numbers.set(value, numbers.size + 1);
    let id = ids.get(value);
    if (id === undefined) {
      id = valueId(value);
      ids.set(value, id);
    }
    return id;
  };
  let factMs = 0;
  const prepared = batches.map((batch) => {
    const events = batch.map(eventRow);
    const started = performance.now();
    const fresh = new Map();
    const facts = batch.map((e, i) => {
      const row = [e.project_id, e.event_name, e.timestamp, e.uuid, events[i][6], ...new Array(STRING_SLOTS + NUMBER_SLOTS).fill(null)];
      for (const [key, value] of Object.entries(e.str_properties)) {
        if (!slots.str.has(key) && slots.str.size < STRING_SLOTS) slots.str.set(key, slots.str.size);
        const slot = slots.str.get(key);
        if (slot === undefined) continue;
        const known = ids.has(value);
        row[5 + slot] = idOf(value);
        if (!known) fresh.set(value, [e.project_id, row[5 + slot], value]);
      }
      for (const [key, value] of Object.entries(e.num_properties)) {
        if (!slots.num.has(key) && slots.num.size < NUMBER_SLOTS) slots.num.set(key, slots.num.size);
        const slot = slots.num.get(key);
        if (slot !== undefined) row[5 + STRING_SLOTS + slot] = value;
      }
      return row;
    });
    factMs += performance.now() - started;
    const lookup = new Map([...ids].map(([value, id]) => [id, numbers.get(value)]));
    return {
      raw: batch,
      events,
      facts,
      // B-int: the same rows with the small numbers instead of the 64-bit ids
      factsInt: facts.map((row) => row.map((value, i) => (i >= 5 && i < 5 + STRING_SLOTS && value !== null ? lookup.get(value) : value))),
      valuesInt: [...fresh.values()].map(([project, id, value]) => [project, lookup.get(id), value]),
      inline: events.map((row, i) => [...row, ...facts[i].slice(5)]),
      values: [...fresh.values()],
    };
  });
  return { prepared, factMs };
}

const insertEvents = (connection, table, rows, columns = EVENT_COLUMNS) =>
  connection.query(`INSERT IGNORE INTO \`${table}\` (${columns.join(', ')}) VALUES ? RETURNING project_id, uuid`, [rows]);

/** Each layout: its tables (`definition`: `ns_events`'s), and one batch's statements. */
const LAYOUTS = {
  raw: {
    create: (connection) => createRawTable(connection),
    write: (connection, batch) => insertRaw(connection, batch.raw),
  },
  A: {
    create: (connection, definition) => connection.query(eventTableSql(definition, 'w_events')),
    async write(connection, batch) {
      await connection.beginTransaction();
      await insertEvents(connection, 'w_events', batch.events);
      await connection.commit();
    },
  },
  B: {
    async create(connection, definition) {
      await connection.query(eventTableSql(definition, 'w_events'));
      await connection.query(withoutTimeIndexSql('w_events'));
      await connection.query(factTableSql('w_facts'));
      await connection.query(valueTableSql('w_values'));
    },
    async write(connection, batch) {
      await connection.beginTransaction();
      await insertEvents(connection, 'w_events', batch.events);
      await connection.query(`INSERT INTO w_facts (${FACT_COLUMNS.join(', ')}) VALUES ?`, [batch.facts]);
      if (batch.values.length > 0) await connection.query('INSERT IGNORE INTO w_values (project_id, id, value) VALUES ?', [batch.values]);
      await connection.commit();
    },
  },
  C: {
    async create(connection, definition) {
      await connection.query(eventTableSql(definition, 'w_events'));
      await connection.query(reclusterSql('w_events'));
    },
    async write(connection, batch) {
      await connection.beginTransaction();
      await insertEvents(connection, 'w_events', batch.events);
      await connection.commit();
    },
  },
  // B with dictionary ids of 32 bits (small numbers) instead of 64-bit hashes: what their width costs
  'B-int': {
    async create(connection, definition) {
      await connection.query(eventTableSql(definition, 'w_events'));
      await connection.query(withoutTimeIndexSql('w_events'));
      await connection.query(factTableSql('w_facts', 'INT'));
      await connection.query(valueTableSql('w_values', 'INT'));
    },
    async write(connection, batch) {
      await connection.beginTransaction();
      await insertEvents(connection, 'w_events', batch.events);
      await connection.query(`INSERT INTO w_facts (${FACT_COLUMNS.join(', ')}) VALUES ?`, [batch.factsInt]);
      if (batch.valuesInt.length > 0) await connection.query('INSERT IGNORE INTO w_values (project_id, id, value) VALUES ?', [batch.valuesInt]);
      await connection.commit();
    },
  },
  // B with `ns_events` clustered by its unique (project_id, uuid): no `id`, one B-tree fewer per event
  'B-uuid': {
    async create(connection, definition) {
      await connection.query(eventTableSql(definition, 'w_events'));
      await connection.query(uuidClusteredSql('w_events'));
      await connection.query(factTableSql('w_facts'));
      await connection.query(valueTableSql('w_values'));
    },
    write: (connection, batch) => LAYOUTS.B.write(connection, batch),
  },
  // A with the slot columns in its rows and its time index covering them (and the uuid): the per-event
  // B-trees of today, no second row
  'A-covering': {
    async create(connection, definition) {
      await connection.query(eventTableSql(definition, 'w_events'));
      await connection.query(slotColumnsSql('w_events'));
      await connection.query(coveringIndexSql('w_events'));
      await connection.query(valueTableSql('w_values'));
    },
    async write(connection, batch) {
      await connection.beginTransaction();
      await insertEvents(connection, 'w_events', batch.inline, [...EVENT_COLUMNS, ...FACT_COLUMNS.slice(5)]);
      if (batch.values.length > 0) await connection.query('INSERT IGNORE INTO w_values (project_id, id, value) VALUES ?', [batch.values]);
      await connection.commit();
    },
  },
  // A-covering with only the slot columns some row of the batch fills in the INSERT (fewer NULLs to parse)
  'A-covering-used': {
    create: (connection, definition) => LAYOUTS['A-covering'].create(connection, definition),
    async write(connection, batch) {
      const slots = FACT_COLUMNS.slice(5);
      const used = slots.map((_, i) => batch.inline.some((row) => row[EVENT_COLUMNS.length + i] !== null));
      const columns = [...EVENT_COLUMNS, ...slots.filter((_, i) => used[i])];
      const rows = batch.inline.map((row) => [...row.slice(0, EVENT_COLUMNS.length), ...row.slice(EVENT_COLUMNS.length).filter((_, i) => used[i])]);
      await connection.beginTransaction();
      await insertEvents(connection, 'w_events', rows, columns);
      if (batch.values.length > 0) await connection.query('INSERT IGNORE INTO w_values (project_id, id, value) VALUES ?', [batch.values]);
      await connection.commit();
    },
  },
  E: {
    async create(connection, definition) {
      await connection.query(eventTableSql(definition, 'w_events'));
      await connection.query(reclusterSql('w_events'));
      await connection.query(slotColumnsSql('w_events'));
      await connection.query(valueTableSql('w_values'));
    },
    async write(connection, batch) {
      await connection.beginTransaction();
      await insertEvents(connection, 'w_events', batch.inline, [...EVENT_COLUMNS, ...FACT_COLUMNS.slice(5)]);
      if (batch.values.length > 0) await connection.query('INSERT IGNORE INTO w_values (project_id, id, value) VALUES ?', [batch.values]);
      await connection.commit();
    },
  },
};

/**
 * `rounds` rounds of every layout of `LAYOUTS` (each into a fresh database, `count` events); per layout the median
 * rate, the median of its per-round ratio to that round's raw rate, and the server's CPU seconds.
 * `template` is a connection to the analytics database, whose `ns_events` the layouts copy.
 */
export async function writeCost({ count = 100_000, rounds = 3, template }) {
  const { prepared, factMs } = prepare(count);
  const definition = await eventsDefinition(template);
  const pid = serverPid();
  const results = Object.fromEntries(Object.keys(LAYOUTS).map((name) => [name, { rates: [], cpu: [] }]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, layout] of Object.entries(LAYOUTS)) {
      await recreateDatabase(DATABASE);
      const connection = await connectTo(DATABASE);
      try {
        await layout.create(connection, definition);
        const cpu = cpuSeconds(pid);
        const started = performance.now();
        for (const batch of prepared) await layout.write(connection, batch);
        results[name].rates.push(count / ((performance.now() - started) / 1000));
        results[name].cpu.push(cpuSeconds(pid) - cpu);
      } finally {
        await connection.end();
      }
      console.log(
        `  writes round ${round + 1}: ${name} ${Math.round(results[name].rates.at(-1))} events/s, server ${results[name].cpu.at(-1).toFixed(2)} CPU-s`,
      );
    }
  }
  await dropDatabase(DATABASE);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.entries(results).map(([name, { rates, cpu }]) => ({
    layout: name,
    events_per_s: Math.round(median(rates)),
    vs_raw: +median(rates.map((rate, i) => rate / results.raw.rates[i])).toFixed(2),
    vs_A: +median(rates.map((rate, i) => rate / results.A.rates[i])).toFixed(2),
    server_cpu_s: +median(cpu).toFixed(2),
    rounds: rates.map(Math.round).join(' / '),
    ...(name.startsWith('B') || name === 'E' ? { js_ms_for_slots: Math.round(factMs) } : {}),
  }));
}
