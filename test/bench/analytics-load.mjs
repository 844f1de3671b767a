// Loads the analytics dataset into one MariaDB database twice, straight into the tables (no HTTP, no
// appendEvents): the adapter's `ns_events` and its rollups, and a plain `raw_events` table for the naive
// queries. Resumable: each batch commits with its progress, the database keeps its name and a
// signature of the dataset, so a second run reuses what the first loaded (or finishes it).
import * as crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ANALYTICS_DATASET_VERSION, ANALYTICS_DEFAULTS, analyticsBatches } from './analytics-dataset.mjs';
import { adminQuery, connectTo, createRawTable, insertRaw } from './raw-mysql.mjs';

const BATCH = 10_000;
const STATEMENT_ROWS = 5_000;

/** The adapter's person key (adapters/sql/src/events/event-rows.ts): 64 bits of sha256 of `u:<user>` or `d:<device>`. */
function personKey(event) {
  const text = event.user_id !== null ? `u:${event.user_id}` : `d:${event.device_id}`;
  return crypto.createHash('sha256').update(text).digest().readBigInt64BE(0).toString();
}

const signatureOf = (count) => JSON.stringify({ version: ANALYTICS_DATASET_VERSION, count, ...ANALYTICS_DEFAULTS });

async function progressOf(connection) {
  await connection.query(`CREATE TABLE IF NOT EXISTS bench_progress (
    id INT PRIMARY KEY, signature VARCHAR(500) NOT NULL, events BIGINT NOT NULL, raw BIGINT NOT NULL,
    dropped_indexes TEXT NULL, rollups TINYINT NOT NULL)`);
  const [rows] = await connection.query('SELECT * FROM bench_progress WHERE id = 1');
  return rows[0];
}

/** Whether `name` holds (part of) this dataset; a database of another signature is dropped. */
export async function prepareDatabase(name, count) {
  await adminQuery(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4`);
  const connection = await connectTo(name);
  try {
    const progress = await progressOf(connection);
    if (progress && progress.signature === signatureOf(count)) return progress;
  } finally {
    await connection.end();
  }
  await adminQuery(`DROP DATABASE IF EXISTS \`${name}\``);
  await adminQuery(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  const fresh = await connectTo(name);
  try {
    await progressOf(fresh);
    await fresh.query('INSERT INTO bench_progress VALUES (1, ?, 0, 0, NULL, 0)', [signatureOf(count)]);
    await createRawTable(fresh);
  } finally {
    await fresh.end();
  }
  return undefined;
}

const EVENT_COLUMNS = 'project_id, uuid, event_name, user_id, device_id, session_id, person_key, ts, received_at, str_props, num_props';

/** One generated event as the values of an `ns_events` row, in EVENT_COLUMNS' order. */
export const eventRow = (e) => [
  e.project_id,
  e.uuid,
  e.event_name,
  e.user_id,
  e.device_id,
  e.session_id,
  personKey(e),
  e.timestamp,
  e.received_at,
  JSON.stringify(e.str_properties),
  JSON.stringify(e.num_properties),
];

async function insertEvents(connection, events) {
  const rows = events.map(eventRow);
  await connection.query(`INSERT INTO ns_events (${EVENT_COLUMNS}) VALUES ?`, [rows]);
}

/**
 * The non-unique secondary indexes of `ns_events` are dropped while loading and built again at the
 * end (a sorted build instead of ten million random inserts); their definitions are read from the
 * server and kept in `bench_progress`, so an interrupted load restores them exactly.
 */
async function dropSecondaryIndexes(connection) {
  const [rows] = await connection.query(
    `SELECT INDEX_NAME AS name, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS columns FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ns_events' AND NON_UNIQUE = 1 GROUP BY INDEX_NAME`,
  );
  await connection.query('UPDATE bench_progress SET dropped_indexes = ? WHERE id = 1', [JSON.stringify(rows)]);
  for (const { name } of rows) await connection.query(`ALTER TABLE ns_events DROP INDEX \`${name}\``);
}

async function restoreIndexes(connection, definitions) {
  for (const { name, columns } of definitions) {
    const [present] = await connection.query(
      `SELECT 1 FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ns_events' AND INDEX_NAME = ?`,
      [name],
    );
    if (present.length > 0) continue;
    const list = columns
      .split(',')
      .map((column) => `\`${column}\``)
      .join(', ');
    await connection.query(`ALTER TABLE ns_events ADD INDEX \`${name}\` (${list})`);
  }
  await connection.query('UPDATE bench_progress SET dropped_indexes = NULL WHERE id = 1');
}

/** One side's load: the batches after those already committed, each with its progress. */
async function loadSide(name, count, column, write, progress) {
  const connection = await connectTo(name);
  try {
    const [[row]] = await connection.query(`SELECT ${column} AS done FROM bench_progress WHERE id = 1`);
    let done = Number(row.done);
    let seen = 0;
    for (const batch of analyticsBatches({ count, batchSize: BATCH })) {
      seen += batch.length;
      if (seen <= done) continue;
      await connection.beginTransaction();
      for (let i = 0; i < batch.length; i += STATEMENT_ROWS) await write(connection, batch.slice(i, i + STATEMENT_ROWS));
      await connection.query(`UPDATE bench_progress SET ${column} = ? WHERE id = 1`, [seen]);
      await connection.commit();
      done = seen;
      progress(column, done);
    }
  } finally {
    await connection.end();
  }
}

/** The adapter's property slots (adapters/sql/src/events/property-slots.ts): string and numeric. */
const SLOTS = { str: 6, num: 4 };
/** The adapter's value id (adapters/sql/src/events/fact-rows.ts): the first 64 bits of sha256, signed. */
const valueIdSql = (text) => `CAST(CAST(CONV(LEFT(SHA2(${text}, 256), 16), 16, 10) AS UNSIGNED) AS SIGNED)`;
const jsonPath = (key) => `$."${key.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * The property slots, slot columns and value dictionary `appendEvents` writes (migration
 * 0010-property-slots), built from the loaded events: slots on first sight over the first events in
 * storage order (as the append path gives them), the dictionary with INSERT ... SELECT and the slot
 * columns with UPDATEs in ranges of ids, the value ids computed by MariaDB. Run before the secondary
 * indexes are built again (the slots are columns of the time index).
 */
async function buildSlots(connection, projectId) {
  for (const table of ['ns_property_values', 'ns_property_slots']) await connection.query(`DELETE FROM ${table} WHERE project_id = ?`, [projectId]);
  const [first] = await connection.query('SELECT str_props, num_props FROM ns_events WHERE project_id = ? ORDER BY id LIMIT 100000', [projectId]);
  const slots = { str: [], num: [] };
  for (const row of first) {
    for (const key of Object.keys(JSON.parse(row.str_props))) if (!slots.str.includes(key) && slots.str.length < SLOTS.str) slots.str.push(key);
    for (const key of Object.keys(JSON.parse(row.num_props))) if (!slots.num.includes(key) && slots.num.length < SLOTS.num) slots.num.push(key);
  }
  const rows = [...slots.str.map((key, slot) => [projectId, 's', key, slot]), ...slots.num.map((key, slot) => [projectId, 'n', key, slot])];
  if (rows.length > 0) await connection.query('INSERT INTO ns_property_slots (project_id, kind, prop_key, slot) VALUES ?', [rows]);
  const text = (key) => `JSON_UNQUOTE(JSON_EXTRACT(str_props, ${connection.escape(jsonPath(key))}))`;
  for (const key of slots.str)
    await connection.query(
      `INSERT IGNORE INTO ns_property_values (project_id, id, value)
       SELECT DISTINCT project_id, ${valueIdSql(text(key))}, ${text(key)} FROM ns_events WHERE project_id = ? AND ${text(key)} IS NOT NULL`,
      [projectId],
    );
  const sets = [
    ...slots.str.map((key, slot) => `s${slot} = ${valueIdSql(text(key))}`),
    ...slots.num.map((key, slot) => `n${slot} = CAST(JSON_EXTRACT(num_props, ${connection.escape(jsonPath(key))}) AS DOUBLE)`),
  ];
  if (sets.length === 0) return;
  const [[bounds]] = await connection.query('SELECT MIN(id) AS low, MAX(id) AS high FROM ns_events WHERE project_id = ?', [projectId]);
  for (let from = Number(bounds.low); from <= Number(bounds.high); from += 200_000)
    await connection.query(`UPDATE ns_events SET ${sets.join(', ')} WHERE project_id = ? AND id >= ? AND id < ?`, [projectId, from, from + 200_000]);
}

/**
 * The rollups `appendEvents` keeps, rebuilt from the loaded events with INSERT ... SELECT (what a
 * migration's backfill does), then the project's data version raised so no cached answer survives.
 */
async function buildRollups(connection, projectId) {
  for (const table of ['ns_person_days', 'ns_daily_counts', 'ns_users']) await connection.query(`DELETE FROM ${table} WHERE project_id = ?`, [projectId]);
  await connection.query(
    `INSERT INTO ns_person_days (project_id, event_name, day, person_key)
     SELECT DISTINCT project_id, event_name, ts DIV 86400000, person_key FROM ns_events WHERE project_id = ? AND person_key IS NOT NULL`,
    [projectId],
  );
  await connection.query(
    `INSERT INTO ns_daily_counts (project_id, event_name, day, total, uniq)
     SELECT project_id, event_name, ts DIV 86400000, COUNT(*), COUNT(DISTINCT person_key) FROM ns_events WHERE project_id = ?
     GROUP BY project_id, event_name, ts DIV 86400000`,
    [projectId],
  );
  await connection.query(
    'INSERT INTO ns_users (project_id, user_id) SELECT DISTINCT project_id, user_id FROM ns_events WHERE project_id = ? AND user_id IS NOT NULL',
    [projectId],
  );
  await connection.query('INSERT INTO ns_data_versions (project_id, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1', [projectId]);
}

/**
 * Makes `name` hold `count` events of the analytics dataset in the adapter's tables (through
 * `storage`, already migrated there) and in `raw_events`. Returns the seconds spent loading (0 when
 * the database already held it all).
 */
export async function loadAnalytics(name, count, storage) {
  const started = performance.now();
  if (!(await storage.config.getProject(ANALYTICS_DEFAULTS.projectId))) {
    const project = await storage.config.createProject({ name: 'Bench', plan: 'free' });
    if (project.id !== ANALYTICS_DEFAULTS.projectId) throw new Error(`expected project ${ANALYTICS_DEFAULTS.projectId}, got ${project.id}`);
  }
  const connection = await connectTo(name);
  try {
    let progress = await progressOf(connection);
    if (progress.rollups === 1) return 0;
    if (Number(progress.events) < count && progress.dropped_indexes === null && Number(progress.events) === 0) await dropSecondaryIndexes(connection);
    progress = await progressOf(connection);
    let reported = 0;
    const report = () => {
      const s = ((performance.now() - started) / 1000).toFixed(0);
      console.log(
        `  ${s} s: loaded ns_events ${counts.events.toLocaleString('en')}, raw_events ${counts.raw.toLocaleString('en')} of ${count.toLocaleString('en')}`,
      );
    };
    const counts = { events: Number(progress.events), raw: Number(progress.raw) };
    const onProgress = (column, done) => {
      counts[column] = done;
      if (counts.events + counts.raw - reported >= count / 5) {
        reported = counts.events + counts.raw;
        report();
      }
    };
    await Promise.all([loadSide(name, count, 'events', insertEvents, onProgress), loadSide(name, count, 'raw', (c, rows) => insertRaw(c, rows), onProgress)]);
    report();
    console.log('  filling the property slots');
    await buildSlots(connection, ANALYTICS_DEFAULTS.projectId);
    if (progress.dropped_indexes !== null) {
      console.log('  building the indexes of ns_events');
      await restoreIndexes(connection, JSON.parse(progress.dropped_indexes));
    }
    console.log('  building the rollups');
    await buildRollups(connection, ANALYTICS_DEFAULTS.projectId);
    await connection.query('UPDATE bench_progress SET rollups = 1 WHERE id = 1');
    await connection.query('ANALYZE TABLE ns_events, raw_events, ns_person_days');
  } finally {
    await connection.end();
  }
  return (performance.now() - started) / 1000;
}
