import type { Knex } from 'knex';
import type { DriverLoader, DriverName } from '../load-driver.js';

/** How to open a knex pool on one database named by a URL (`SqlTarget`). */
export interface SqlConnection {
  /** The driver package knex loads for this database (an optional peer dependency). */
  driver: DriverName;
  /** knex's configuration; prepares what the database needs first (a SQLite file's folder). */
  knexConfig(): Promise<Knex.Config>;
  /**
   * Creates the database the URL names when it is missing, where a server holds databases (MySQL);
   * returns whether it was created. Absent where opening creates it (a SQLite file).
   */
  ensureDatabase?(load?: DriverLoader): Promise<boolean>;
}

/** What a pool's `afterCreate` hook calls when the connection is ready (or failed). */
export type ConnectionDone = (error: Error | null, connection: unknown) => void;
