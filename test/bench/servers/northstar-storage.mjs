// The reference router as a host app mounts it, on the storage DATABASE_URL names (memory:, sqlite:, mysql://).
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';

const url = process.env.DATABASE_URL ?? 'memory:';
const storage = url === 'memory:' ? createMemoryStorage() : await (await import('@northstar/adapter-sql')).createSqlStorage({ url });
const { pk, project_id: projectId } = await seedDemoProject(storage);
const app = express();
// Knobs for trying group-commit settings from the command line; the defaults are the router's.
const window = process.env.BENCH_GROUP_COMMIT_WINDOW_MS;
const concurrency = process.env.BENCH_GROUP_COMMIT_CONCURRENCY;
const tuning = { ...(window ? { groupCommitWindowMs: Number(window) } : {}), ...(concurrency ? { groupCommitConcurrency: Number(concurrency) } : {}) };
// The rate limiter stays on (its cost is part of every request) with a budget the bench cannot spend.
const unspendable = 1_000_000_000;
app.use(
  createNorthstarRouter({
    storage,
    ...tuning,
    // Requests of up to 1,000 events (the ingest bench), so the body cap is raised with the batch cap.
    maxBatchSize: 1_000,
    maxBodyBytes: 4 * 1024 * 1024,
    // The ingest bench loads a dataset with fixed dates (January 2026): accept events of any age.
    maxEventAgeMs: Number.POSITIVE_INFINITY,
    rateLimits: { projects: { [projectId]: { track: unspendable, ingest: unspendable } } },
    jwtSecret: 'bench-secret-bench-secret-bench-secret!',
    logger: { error: (message, error) => console.error(message, error) },
  }),
);
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, key: pk })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void storage.dispose().then(() => process.exit(0));
});
