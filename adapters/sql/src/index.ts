export { createSqlStorage, migrateSql } from './sql-storage.js';
export type { SqlStorageOptions } from './sql-storage.js';
export { createSqlEventStore } from './events/sql-event-store.js';
export { parseSqlUrl } from './sql-url.js';
export type { SqlTarget, MysqlTarget, SqliteTarget } from './sql-url.js';
export type { SqlDialect } from './dialect.js';
export type { DriverLoader, DriverName } from './load-driver.js';
export { MIGRATIONS_TABLE } from './migrate.js';
