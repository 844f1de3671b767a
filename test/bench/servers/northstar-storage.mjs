// The reference router as a host app mounts it, on the storage DATABASE_URL names (memory:, sqlite:, mysql://).
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';

const url = process.env.DATABASE_URL ?? 'memory:';
const storage = url === 'memory:' ? createMemoryStorage() : await (await import('@northstar/adapter-sql')).createSqlStorage({ url });
const { pk } = await seedDemoProject(storage);
const app = express();
// Requests of up to 1,000 events (the ingest bench), so the body cap is raised with the batch cap.
// Knobs for trying group-commit settings from the command line; the defaults are the router's.
const window = process.env.BENCH_GROUP_COMMIT_WINDOW_MS;
const concurrency = process.env.BENCH_GROUP_COMMIT_CONCURRENCY;
const tuning = { ...(window ? { groupCommitWindowMs: Number(window) } : {}), ...(concurrency ? { groupCommitConcurrency: Number(concurrency) } : {}) };
app.use(createNorthstarRouter({ storage, ...tuning, maxBatchSize: 1_000, maxBodyBytes: 4 * 1024 * 1024, logger: { error: (message, error) => console.error(message, error) } }));
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, key: pk })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void storage.dispose().then(() => process.exit(0));
});
