import type { Knex } from 'knex';
import type { PreparedInserts, SqlRow } from './sql-dialect.js';
import { nameList, valuesPlaceholders } from './statement-text.js';

/**
 * Rows per prepared multi-row insert. Every prepared statement of a table and column list has this
 * many rows, so a connection prepares each shape once (mysql2 keeps it by its text) however the batches
 * vary; 250 to 1,000 rows cost the server the same per row (measured), fewer leave more to the text remainder.
 */
export const PREPARED_ROWS = 250;

/** mysql2's callback connection, as knex holds it. */
interface PreparingConnection {
  execute(sql: string, values: unknown[], callback: (error: Error | null, result: unknown) => void): void;
}

/** A knex transaction's client (knex types it `any`): it hands out the transaction's one connection. */
interface TransactionClient {
  acquireConnection(): Promise<PreparingConnection>;
}

const quoteName = (name: string): string => `\`${name}\``;

/**
 * Prepared inserts on MySQL / MariaDB: the server parses a statement once per connection and then reads
 * its values in binary, not as SQL text (at a batch of events, the parse of the text's literals was about
 * a fifth of the server's ingest work; docs/decisions.md "Ingest: prepared inserts").
 */
export const mysqlPreparedInserts: PreparedInserts = {
  rows: PREPARED_ROWS,
  insertIgnore: (table, columns) =>
    `INSERT IGNORE INTO ${quoteName(table)} (${nameList(quoteName, columns)}) VALUES ${valuesPlaceholders(columns.length, PREPARED_ROWS)}`,
  async execute<T>(trx: Knex.Transaction, sql: string, rows: readonly SqlRow[]): Promise<T[]> {
    // knex gives a transaction's queries its one connection: this statement runs in the transaction too.
    const connection = await (trx.client as TransactionClient).acquireConnection();
    const values: unknown[] = [];
    for (const row of rows) for (const value of row) values.push(value);
    const result = await new Promise<unknown>((resolve, reject) =>
      connection.execute(sql, values, (error, answer) => (error ? reject(error) : resolve(answer))),
    );
    return Array.isArray(result) ? (result as T[]) : [];
  },
};
