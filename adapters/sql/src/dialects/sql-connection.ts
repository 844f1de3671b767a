import type { Knex } from 'knex';
import type { DriverName } from '../load-driver.js';

/** How to open a knex pool on one database named by a URL (`SqlTarget`). */
export interface SqlConnection {
  /** The driver package knex loads for this database (an optional peer dependency). */
  driver: DriverName;
  /** knex's configuration; prepares what the database needs first (a SQLite file's folder). */
  knexConfig(): Promise<Knex.Config>;
}

/** What a pool's `afterCreate` hook calls when the connection is ready (or failed). */
export type ConnectionDone = (error: Error | null, connection: unknown) => void;
