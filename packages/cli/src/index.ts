// `@northstar/cli`: what the northstar-server command is built from, for scripts and tests that
// start it in process, and the one place that picks a storage adapter from a database URL.
export { storageFromUrl, migrateDatabase, migrateDatabases } from './storage/storage-from-url.js';
export type { OpenedStorage, OpenedDatabase, StorageFromUrlOptions, ModuleLoader } from './storage/storage-from-url.js';
export { eventPortsAt, EVENT_PORTS } from './storage/database-ports.js';
export type { PortUrls } from './storage/database-ports.js';
export { parseDatabaseUrl, defaultDatabaseUrl } from './storage/database-url.js';
export type { DatabaseTarget } from './storage/database-url.js';
export { startNorthstarServer, SERVER_TIMEOUTS } from './start-server.js';
export type { StartServerOptions, RunningServer, ServerTimeouts } from './start-server.js';
export { startNorthstarWorker } from './start-worker.js';
export type { StartWorkerOptions, RunningWorker } from './start-worker.js';
