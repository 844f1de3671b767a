// Reads a database beside the server under test, to see where its rows landed.
import knex from 'knex';
import type { Knex } from 'knex';

function open(url: string): Knex {
  if (url.startsWith('sqlite:')) return knex({ client: 'better-sqlite3', connection: { filename: url.slice('sqlite:'.length) }, useNullAsDefault: true });
  return knex({ client: 'mysql2', connection: url });
}

/** The number of rows of `table` in the SQLite file (`sqlite:<path>`) or MySQL/MariaDB database (`mysql://`) a URL names. */
export async function countRows(url: string, table: string): Promise<number> {
  const db = open(url);
  try {
    const [row] = await db(table).count<{ n: number | string }[]>({ n: '*' });
    return Number(row?.n);
  } finally {
    await db.destroy();
  }
}

/** Whether `table` exists in the database a URL names. */
export async function hasTable(url: string, table: string): Promise<boolean> {
  const db = open(url);
  try {
    return await db.schema.hasTable(table);
  } finally {
    await db.destroy();
  }
}

/** Runs one statement on the MySQL/MariaDB server of `url` without choosing a database (to drop one). */
export async function mysqlAdmin(url: string, sql: string): Promise<void> {
  const server = new URL(url);
  server.pathname = '/';
  const db = knex({ client: 'mysql2', connection: server.href });
  try {
    await db.raw(sql);
  } finally {
    await db.destroy();
  }
}
