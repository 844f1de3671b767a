/**
 * A worker process of the job-queue acceptance test (job-queue-workers.test.ts), bundled by the test:
 * consumes queue `webhook.delivery` of the SQL queue at `DATABASE_URL` and POSTs each job to
 * `RECEIVER_URL` with its id in `X-Webhook-Id`, as a webhook delivery will; a 200 acks it.
 */
import { createSqlStorage } from '../../src/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const worker = env('WORKER_NAME');
const receiver = env('RECEIVER_URL');
const storage = await createSqlStorage({ url: env('DATABASE_URL'), migrate: false });
storage.jobs.consume(
  'webhook.delivery',
  async (job) => {
    const response = await fetch(receiver, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-id': job.id, 'x-worker': worker },
      body: JSON.stringify({ attempt: job.attempt, payload: job.payload }),
    });
    await response.arrayBuffer();
    return response.status === 200 ? { ack: true } : { retryInMs: 100 };
  },
  { concurrency: Number(env('CONCURRENCY')), visibilityTimeoutMs: Number(env('VISIBILITY_MS')) },
);
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void storage.dispose().then(() => process.exit(0));
});
