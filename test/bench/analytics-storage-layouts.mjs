// The candidate storage layouts of the analytics storage experiment (analytics-storage-experiment.mjs),
// built from the loaded `ns_events` with INSERT … SELECT:
// (B) `exp_b_facts`: a narrow fact table clustered by (project_id, event_name, ts, uuid) holding the person
//     key, string-property slots (64-bit ids into a per-project value dictionary, `exp_b_values`) and
//     numeric slots (DOUBLE), slots assigned per (project, property key) on first sight (`exp_b_slots`);
// (C) `exp_c_events`: `ns_events` itself clustered by (project_id, event_name, ts, id), the JSON in-line;
// (E) `exp_e_events`: (C) with (B)'s slot columns in its rows, one table instead of two.
import * as crypto from 'node:crypto';

export const STRING_SLOTS = 6;
export const NUMBER_SLOTS = 4;
const SIGHTING_ROWS = 100_000;

/** The id of a string value in the dictionary: 60 bits of its sha256, positive so SQL and JS compute the same number. */
export const valueId = (value) => BigInt(`0x${crypto.createHash('sha256').update(value).digest('hex').slice(0, 15)}`).toString();
/** `valueId` in MariaDB SQL (NULL for NULL). */
export const valueIdSql = (expression) => `CAST(CONV(LEFT(SHA2(${expression}, 256), 15), 16, 10) AS UNSIGNED)`;

const jsonPath = (key) => `$."${key.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin';

/** The fact table's columns: the key, the person, then the slots. */
export const FACT_COLUMNS = [
  'project_id',
  'event_name',
  'ts',
  'uuid',
  'person_key',
  ...Array.from({ length: STRING_SLOTS }, (_, i) => `s${i}`),
  ...Array.from({ length: NUMBER_SLOTS }, (_, i) => `n${i}`),
];

export const factTableSql = (table, idType = 'BIGINT') => `CREATE TABLE \`${table}\` (
  project_id INT UNSIGNED NOT NULL,
  event_name VARCHAR(200) NOT NULL,
  ts BIGINT NOT NULL,
  uuid CHAR(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  person_key BIGINT NULL,
  ${Array.from({ length: STRING_SLOTS }, (_, i) => `s${i} ${idType} NULL`).join(', ')},
  ${Array.from({ length: NUMBER_SLOTS }, (_, i) => `n${i} DOUBLE NULL`).join(', ')},
  PRIMARY KEY (project_id, event_name, ts, uuid)
) ${TABLE_OPTIONS}`;

export const valueTableSql = (table, idType = 'BIGINT') => `CREATE TABLE \`${table}\` (
  project_id INT UNSIGNED NOT NULL, id ${idType} NOT NULL, value TEXT NOT NULL, PRIMARY KEY (project_id, id)
) ${TABLE_OPTIONS}`;

/** `ns_events` as the migrations created it in the connection's database (`SHOW CREATE TABLE`). */
export async function eventsDefinition(connection) {
  const [[row]] = await connection.query('SHOW CREATE TABLE ns_events');
  return row['Create Table'];
}

/** The columns of `ns_events` before migration 0010-property-slots (layout A). */
export const EVENT_COLUMNS_A = 'id, project_id, uuid, event_name, user_id, device_id, session_id, person_key, ts, received_at, str_props, num_props';

/**
 * `eventsDefinition`'s table under another name, empty, in layout A (as the experiment measured it,
 * before migration 0010-property-slots): without its slot and person-part columns and their index, with the time index
 * `(project_id, event_name, ts, person_key)`.
 */
export function eventTableSql(definition, table) {
  const lines = definition
    .replace('CREATE TABLE `ns_events`', `CREATE TABLE \`${table}\``)
    .replace(/AUTO_INCREMENT=\d+ /, '')
    .split('\n')
    .filter(
      (line) =>
        !/^\s+`([sn]\d|person_part)` /.test(line) &&
        !['ns_events_event_slots', 'ns_events_event_parts', 'ns_events_project_event_ts'].some((index) => line.includes(index)),
    );
  const end = lines.findIndex((line) => line.startsWith(') ENGINE'));
  lines.splice(end, 0, '  KEY `ns_events_project_event_ts` (`project_id`,`event_name`,`ts`,`person_key`)');
  lines[end - 1] = `${lines[end - 1].replace(/,$/, '')},`;
  return lines.join('\n');
}

/** (C)'s change to a table made by `eventTableSql`: clustered by (project_id, event_name, ts, id), `id` kept unique by its own index. */
export const reclusterSql = (table) =>
  `ALTER TABLE \`${table}\` DROP INDEX ns_events_project_event_ts, DROP PRIMARY KEY, ADD PRIMARY KEY (project_id, event_name, ts, id), ADD KEY exp_id (id)`;

/** A table made by `eventTableSql` without `id` and without the time index, clustered by its unique (project_id, uuid). */
export const uuidClusteredSql = (table) =>
  `ALTER TABLE \`${table}\` DROP INDEX ns_events_project_event_ts, DROP COLUMN id, DROP INDEX ns_events_project_uuid, ADD PRIMARY KEY (project_id, uuid)`;

/** (B) without the `(project_id, event_name, ts, person_key)` index the fact table replaces. */
export const withoutTimeIndexSql = (table) => `ALTER TABLE \`${table}\` DROP INDEX ns_events_project_event_ts`;

/**
 * Slots in order of first sight over the first events stored (what an append path assigning slots as
 * keys arrive would have done): `{ str: Map(key → slot), num: Map(key → slot) }`.
 */
export async function sightSlots(connection, projectId) {
  const [rows] = await connection.query('SELECT str_props, num_props FROM ns_events WHERE project_id = ? ORDER BY id LIMIT ?', [projectId, SIGHTING_ROWS]);
  const slots = { str: new Map(), num: new Map() };
  for (const row of rows) {
    for (const key of Object.keys(JSON.parse(row.str_props))) if (!slots.str.has(key) && slots.str.size < STRING_SLOTS) slots.str.set(key, slots.str.size);
    for (const key of Object.keys(JSON.parse(row.num_props))) if (!slots.num.has(key) && slots.num.size < NUMBER_SLOTS) slots.num.set(key, slots.num.size);
  }
  return slots;
}

async function tableRows(connection, table) {
  const [[exists]] = await connection.query('SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [table]);
  if (Number(exists.n) === 0) return -1;
  const [[row]] = await connection.query(`SELECT COUNT(*) AS n FROM \`${table}\``);
  return Number(row.n);
}

/** The slot columns' values computed from a row of `ns_events` (its JSON): s0…, then n0…. */
function slotExpressions(connection, slots) {
  const text = (key) => `JSON_UNQUOTE(JSON_EXTRACT(str_props, ${connection.escape(jsonPath(key))}))`;
  const keyOf = (map, i) => [...map].find(([, slot]) => slot === i)?.[0];
  return [
    ...Array.from({ length: STRING_SLOTS }, (_, i) => (keyOf(slots.str, i) === undefined ? 'NULL' : valueIdSql(text(keyOf(slots.str, i))))),
    ...Array.from({ length: NUMBER_SLOTS }, (_, i) =>
      keyOf(slots.num, i) === undefined ? 'NULL' : `CAST(JSON_EXTRACT(num_props, ${connection.escape(jsonPath(keyOf(slots.num, i)))}) AS DOUBLE)`,
    ),
  ];
}

/** The value dictionary: every string value of a slotted key, by its id. */
async function fillValues(connection, slots, table) {
  const text = (key) => `JSON_UNQUOTE(JSON_EXTRACT(str_props, ${connection.escape(jsonPath(key))}))`;
  for (const key of slots.str.keys())
    await connection.query(
      `INSERT IGNORE INTO \`${table}\` (project_id, id, value)
       SELECT DISTINCT project_id, ${valueIdSql(text(key))}, ${text(key)} FROM ns_events WHERE ${text(key)} IS NOT NULL`,
    );
}

/** Builds (B) from `ns_events` unless a complete copy is there; returns the seconds it took (0 when reused). */
export async function buildFacts(connection, slots, events) {
  if ((await tableRows(connection, 'exp_b_facts')) === events) return 0;
  const started = Date.now();
  for (const table of ['exp_b_facts', 'exp_b_values', 'exp_b_slots']) await connection.query(`DROP TABLE IF EXISTS \`${table}\``);
  await connection.query(factTableSql('exp_b_facts'));
  await connection.query(valueTableSql('exp_b_values'));
  await connection.query(`CREATE TABLE exp_b_slots (
    project_id INT UNSIGNED NOT NULL, kind CHAR(1) NOT NULL, prop_key VARCHAR(200) NOT NULL, slot TINYINT NOT NULL,
    PRIMARY KEY (project_id, kind, prop_key)) ${TABLE_OPTIONS}`);
  const slotRows = [...[...slots.str].map(([key, slot]) => [1, 's', key, slot]), ...[...slots.num].map(([key, slot]) => [1, 'n', key, slot])];
  if (slotRows.length > 0) await connection.query('INSERT INTO exp_b_slots VALUES ?', [slotRows]);
  await fillValues(connection, slots, 'exp_b_values');
  const columns = slotExpressions(connection, slots);
  await connection.query(
    `INSERT INTO exp_b_facts (${FACT_COLUMNS.join(', ')})
     SELECT project_id, event_name, ts, uuid, person_key, ${columns.join(', ')} FROM ns_events ORDER BY project_id, event_name, ts, uuid`,
  );
  await connection.query('ANALYZE TABLE exp_b_facts, exp_b_values');
  return (Date.now() - started) / 1000;
}

/** Builds (C) from `ns_events` unless a complete copy is there; returns the seconds it took (0 when reused). */
export async function buildReclustered(connection, events) {
  if ((await tableRows(connection, 'exp_c_events')) === events) return 0;
  const started = Date.now();
  await connection.query('DROP TABLE IF EXISTS exp_c_events');
  await connection.query(eventTableSql(await eventsDefinition(connection), 'exp_c_events'));
  await connection.query(reclusterSql('exp_c_events'));
  await connection.query(`INSERT INTO exp_c_events (${EVENT_COLUMNS_A}) SELECT ${EVENT_COLUMNS_A} FROM ns_events ORDER BY project_id, event_name, ts, id`);
  await connection.query('ANALYZE TABLE exp_c_events');
  return (Date.now() - started) / 1000;
}

/** (E)'s change to a table made by `eventTableSql` and `reclusterSql`: the slot columns in the row. */
export const slotColumnsSql = (table) =>
  `ALTER TABLE \`${table}\` ${[
    ...Array.from({ length: STRING_SLOTS }, (_, i) => `ADD COLUMN s${i} BIGINT NULL`),
    ...Array.from({ length: NUMBER_SLOTS }, (_, i) => `ADD COLUMN n${i} DOUBLE NULL`),
  ].join(', ')}`;

/** A table made by `eventTableSql` and `slotColumnsSql` with its time index covering the uuid and the slots. */
export const coveringIndexSql = (table) =>
  `ALTER TABLE \`${table}\` DROP INDEX ns_events_project_event_ts, ADD INDEX exp_covering (project_id, event_name, ts, person_key, uuid, ${FACT_COLUMNS.slice(5).join(', ')})`;

/**
 * Builds (E) from `ns_events` unless a complete copy is there: (C) with the slot columns of (B) in its
 * rows (`exp_b_values` is its dictionary too); returns the seconds it took (0 when reused).
 */
export async function buildInline(connection, slots, events) {
  if ((await tableRows(connection, 'exp_e_events')) === events) return 0;
  const started = Date.now();
  await connection.query('DROP TABLE IF EXISTS exp_e_events');
  await connection.query(eventTableSql(await eventsDefinition(connection), 'exp_e_events'));
  await connection.query(reclusterSql('exp_e_events'));
  await connection.query(slotColumnsSql('exp_e_events'));
  await connection.query(
    `INSERT INTO exp_e_events SELECT ${EVENT_COLUMNS_A}, ${slotExpressions(connection, slots).join(', ')} FROM ns_events ORDER BY project_id, event_name, ts, id`,
  );
  await connection.query('ANALYZE TABLE exp_e_events');
  return (Date.now() - started) / 1000;
}

/**
 * Builds (F) from `ns_events` unless a complete copy is there: `ns_events` with (B)'s slot columns in its
 * rows and its time index covering the uuid and the slots (`coveringIndexSql`); returns the seconds it took.
 */
export async function buildCovering(connection, slots, events) {
  if ((await tableRows(connection, 'exp_f_events')) === events) return 0;
  const started = Date.now();
  await connection.query('DROP TABLE IF EXISTS exp_f_events');
  await connection.query(eventTableSql(await eventsDefinition(connection), 'exp_f_events'));
  await connection.query(slotColumnsSql('exp_f_events'));
  await connection.query(coveringIndexSql('exp_f_events'));
  await connection.query(`INSERT INTO exp_f_events SELECT ${EVENT_COLUMNS_A}, ${slotExpressions(connection, slots).join(', ')} FROM ns_events ORDER BY id`);
  await connection.query('ANALYZE TABLE exp_f_events');
  return (Date.now() - started) / 1000;
}

/** The slot column holding `key` (`s3`, `n0`), or undefined when the key has none. */
export function slotOf(slots, kind, key) {
  const slot = slots[kind].get(key);
  return slot === undefined ? undefined : `${kind === 'str' ? 's' : 'n'}${slot}`;
}

export { jsonPath };
