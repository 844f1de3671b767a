import type { Knex } from 'knex';
import type { RateLimiterAbstract, RateLimiterSQLite } from 'rate-limiter-flexible';
import type { SqlTarget } from '../sql-url.js';

/** The databases the adapter speaks, as named in URLs (`SqlTarget`) and in storage names (`sql:mysql`). */
export type SqlDialectName = SqlTarget['dialect'];

/** A value bound to one placeholder (knex turns booleans into 0/1 for SQLite). */
export type SqlValue = string | number | bigint | boolean | null | Buffer;

/**
 * Values as knex binds them. knex's `RawBinding` type lacks `bigint`, but both drivers bind one as an
 * integer (mysql2 writes its digits, better-sqlite3 binds a 64-bit integer).
 */
export const asBindings = (values: readonly SqlValue[]): Knex.RawBinding[] => values as Knex.RawBinding[];

/** One row's values, in the order of the statement's columns. */
export type SqlRow = readonly SqlValue[];

/** SQL text and the values bound to its placeholders (never written into the text). */
export interface RawStatement {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** How a migration creates tables on one database; asked once per migration (`schemaStyle`). */
export interface SchemaStyle {
  /** Engine, character set and collation of a new table; nothing where the database has none. */
  tableOptions(table: Knex.CreateTableBuilder): void;
  /** Column type of a JSON document kept as text (parsed by the store). */
  jsonType: string;
  /** Column type of binary data (replay chunks). */
  blobType: string;
  /** A not-null column of short ASCII identifiers (uuids), compact in a unique index. */
  asciiId(table: Knex.CreateTableBuilder, name: string, length: number): Knex.ColumnBuilder;
  /** Column type of a small integer the database computes from `expression` on the row's other columns (added to a table, indexed). */
  computedSmallInt(expression: string): string;
}

/**
 * Rows to take for a while (the job queue's claim): the candidates are rows of `table` chosen by
 * `candidates` (conditions, order and limit on a query of the table), each is updated with `set`, and
 * `returning` columns of the rows as updated come back. A row another claimer is taking at the same
 * moment is never taken twice.
 */
export interface RowClaim {
  table: string;
  /** The primary key column. */
  key: string;
  candidates(query: Knex.QueryBuilder): Knex.QueryBuilder;
  set: Record<string, Knex.Value | Knex.Raw>;
  returning: readonly string[];
}

/** The options rate-limiter-flexible's SQL stores take (`storeType: 'knex'` over our pool). */
export type RateLimiterStoreOptions = ConstructorParameters<typeof RateLimiterSQLite>[0];

/** Builds one of rate-limiter-flexible's stores on the dialect's table layout. */
export type RateLimiterStoreFactory = (options: RateLimiterStoreOptions) => RateLimiterAbstract;

/**
 * Everything that differs between the SQL databases the adapter speaks: the rest of adapter-sql is
 * written once over this object (one per database: `dialects/mysql.ts`, `dialects/sqlite.ts`;
 * chosen in `dialects/index.ts`). Expressions take trusted identifiers and expressions of ours,
 * never input; values are always bound.
 */
export interface SqlDialect {
  readonly name: SqlDialectName;
  /** knex's name for the client's dialect (`db.client.dialect`), which picks this object for an adopted knex. */
  readonly knexDialect: string;

  /** Rows of a `db.raw()` result (drivers answer `[rows, fields]` or the rows themselves). */
  rawRows<T>(result: unknown): T[];
  /** True for the driver error of a unique or primary-key violation. */
  isUniqueViolation(error: unknown): boolean;
  /** True for a deadlock, lock-wait timeout or busy database: the whole transaction may run again. */
  isRetryable(error: unknown): boolean;

  /** Bound parameters one statement may hold (`Infinity` when the rows travel as one binding). */
  readonly maxParameters: number;
  /** A table or column name quoted for the database. */
  quoteName(name: string): string;
  /** A multi-row insert that skips rows whose unique key exists; `RETURNING ...` may follow it. */
  insertIgnore(table: string, columns: readonly string[], rows: readonly SqlRow[]): RawStatement;
  /**
   * A multi-row upsert adding the `added` columns of each row to the existing row of the same `key`;
   * `kept` columns (last in each row) are written by an insert and left as they are by an update.
   */
  upsertAdding(table: string, key: readonly string[], added: readonly string[], rows: readonly SqlRow[], kept?: readonly string[]): RawStatement;

  /** Integer division of an integer expression. */
  intDiv(expression: string, by: number): string;
  /** The text `YYYY-MM-01` of the month of a UTC day number. */
  monthStart(day: string): string;
  /** An integer expression as decimal text (BIGINTs above 2^53 do not survive a JS number). */
  integerText(expression: string): string;
  /** `a = b` where NULL equals NULL. */
  nullSafeEqual(a: string, b: string): string;
  /**
   * The body of CTE `name`, which several parts of one statement read, made to be computed once; the
   * statement's `WITH` must be `WITH RECURSIVE` (SQLite reads a CTE that does not refer to itself as an
   * ordinary one). MariaDB computes a CTE again for every reference, but a recursive one once: on MySQL
   * the body gets a recursive part that adds no row (a funnel's events at 10 M bench events: 2.5 s to
   * 1.1 s). SQLite computes a CTE read more than once once by itself. Only for a CTE that is materialised
   * anyway (windows, DISTINCT, GROUP BY): one MariaDB would merge into each reader, such as a plain filter
   * over `ns_events`, costs more shared (a grouped average at 10 M: 3.1 s merged, 10.7 s shared, 2.6 M
   * rows in a temporary table on disk).
   */
  sharedCte(name: string, select: string): string;
  /**
   * A join that reads its left table first (MariaDB's `STRAIGHT_JOIN`): where the optimizer would start
   * from a small derived table and probe a big one through an index that lacks the filtered columns.
   */
  readonly orderedJoin: string;

  /**
   * A string member of a JSON column (NULL when absent) in a representation that compares, sorts
   * and groups by code points; `path` is bound. Compare it with `exactText` of a value.
   */
  jsonText(db: Knex, column: string, path: string): Knex.Raw;
  /** A numeric member of a JSON column as a double (NULL when absent); `path` is bound. */
  jsonNumber(db: Knex, column: string, path: string): Knex.Raw;
  /** Like `jsonText`, but NULL unless the member is a JSON string (a number or boolean is not text). */
  jsonStringMember(db: Knex, column: string, path: string): Knex.Raw;
  /** Like `jsonNumber`, but NULL unless the member is a JSON number (a boolean is not a number). */
  jsonNumberMember(db: Knex, column: string, path: string): Knex.Raw;
  /** A condition: the JSON column has a member at `path` (of any type). */
  jsonHasPath(db: Knex, column: string, path: string): Knex.Raw;
  /** The JSON column merged with a JSON merge patch (RFC 7396: `null` deletes a key). */
  jsonMergePatch(db: Knex, column: string, patchJson: string): Knex.Raw;
  /** A bound string compared byte for byte with columns and with `jsonText`. */
  exactText(db: Knex, value: string): Knex.Raw | string;
  /** A text column (a trusted expression of ours) in `jsonText`'s representation: it compares, sorts and groups by code points. */
  exactColumn(expression: string): string;

  /** `table` read through the named index: pinned where the planner might choose worse, else left to it. */
  fromIndex(db: Knex, table: string, index: string): Knex.QueryBuilder;
  /** A read that holds shared locks (gaps included) until the transaction ends, where writers can run concurrently. */
  lockShared(query: Knex.QueryBuilder): Knex.QueryBuilder;
  /** A read that holds exclusive locks (gaps included) until the transaction ends, where writers can run concurrently. */
  lockForUpdate(query: Knex.QueryBuilder): Knex.QueryBuilder;
  /**
   * `DELETE ... LIMIT n` works and concurrent writers exist: a large deletion runs as short statements
   * rather than one long transaction.
   */
  readonly deletesInSlices: boolean;
  /**
   * A running statement can be stopped from another connection (knex's `timeout(ms, { cancel: true })`
   * sends `KILL QUERY`); SQLite's synchronous driver blocks the event loop until a statement ends.
   */
  readonly cancelsQueries: boolean;
  /**
   * Statements on several connections run at once, each on its own core (MySQL/MariaDB); SQLite's
   * synchronous driver runs one at a time, so splitting a read there only adds statements.
   */
  readonly readsConcurrently: boolean;

  /** The database's clock as epoch milliseconds (an integer expression): one clock for every process on the database. */
  readonly clockMs: string;
  /**
   * Takes the rows of `claim` (see `RowClaim`) in one short transaction: MySQL/MariaDB locks the
   * candidates skipping rows other transactions hold (`FOR UPDATE SKIP LOCKED`, several processes
   * claim at once), SQLite updates them in one `UPDATE ... RETURNING` (one writer at a time).
   */
  claimRows<T>(db: Knex, claim: RowClaim): Promise<T[]>;

  /** How the migrations create tables here (may ask the server, e.g. its version). */
  schemaStyle(db: Knex): Promise<SchemaStyle>;
  /** rate-limiter-flexible's store for this database (may ask the server, e.g. its current database). */
  rateLimiterStore(db: Knex): Promise<RateLimiterStoreFactory>;
}
