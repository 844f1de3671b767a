// The baselines: a plain MariaDB table holding the same rows, written and read by hand with mysql2.
import { createConnection } from 'mysql2/promise';

export const MYSQL_SERVER_URL = process.env.NORTHSTAR_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export const databaseUrl = (name) => `${MYSQL_SERVER_URL.replace(/\/$/, '')}/${name}`;

/** Runs one statement on the server (no database selected). */
export async function adminQuery(sql) {
  const connection = await createConnection({ uri: MYSQL_SERVER_URL });
  try {
    return await connection.query(sql);
  } finally {
    await connection.end();
  }
}

export async function recreateDatabase(name) {
  await adminQuery(`DROP DATABASE IF EXISTS \`${name}\``);
  await adminQuery(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
}

export const dropDatabase = (name) => adminQuery(`DROP DATABASE IF EXISTS \`${name}\``);

export async function connectTo(name) {
  return createConnection({ uri: databaseUrl(name), dateStrings: true });
}

/** A plain events table: the columns of StoredEvent, the uuid unique, one index for (project, event, time). */
export async function createRawTable(connection, table = 'raw_events') {
  await connection.query(`CREATE TABLE \`${table}\` (
    id BIGINT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
    project_id INT NOT NULL,
    uuid CHAR(36) NOT NULL,
    event_name VARCHAR(200) NOT NULL,
    user_id VARCHAR(200) NULL,
    device_id VARCHAR(200) NULL,
    session_id VARCHAR(200) NULL,
    ts DATETIME(3) NOT NULL,
    str_properties JSON NOT NULL,
    num_properties JSON NOT NULL,
    received_at DATETIME(3) NOT NULL,
    UNIQUE KEY raw_uuid (project_id, uuid),
    KEY raw_event_time (project_id, event_name, ts)
  ) ENGINE=InnoDB`);
}

const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

/** One multi-row INSERT of `events` (as `appendEvents` receives them). */
export async function insertRaw(connection, events, table = 'raw_events') {
  const rows = events.map((e) => [
    e.project_id,
    e.uuid,
    e.event_name,
    e.user_id,
    e.device_id,
    e.session_id,
    sqlTime(e.timestamp),
    JSON.stringify(e.str_properties),
    JSON.stringify(e.num_properties),
    sqlTime(e.received_at),
  ]);
  await connection.query(
    `INSERT IGNORE INTO \`${table}\` (project_id, uuid, event_name, user_id, device_id, session_id, ts, str_properties, num_properties, received_at) VALUES ?`,
    [rows],
  );
}

/** The naive query: distinct users per UTC day over the plain table. */
export async function naiveUniqPerDay(connection, { projectId, event, from, to }, table = 'raw_events') {
  const [rows] = await connection.query(
    `SELECT DATE(ts) AS day, COUNT(DISTINCT COALESCE(user_id, device_id)) AS value FROM \`${table}\`
     WHERE project_id = ? AND event_name = ? AND ts >= ? AND ts < ? GROUP BY DATE(ts) ORDER BY day`,
    [projectId, event, sqlTime(from), sqlTime(to)],
  );
  return rows.map((row) => ({ bucket: typeof row.day === 'string' ? row.day : new Date(row.day).toISOString().slice(0, 10), value: Number(row.value) }));
}
