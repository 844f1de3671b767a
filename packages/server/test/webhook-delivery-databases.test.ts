import { afterAll, describe, expect, it } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import { createWebhook, deliverySuite, dispatch, settled, specSignature } from './support/webhook-suite.js';

// Delivery over each selected storage: its documents hold the log, its job queue (memory, or the SQL
// queue of docs/job-queue.md) carries the attempts and the retry delay.
const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));
afterAll(() => releaseTestDatabases());

describe.each(databases)('webhook delivery on %s', (kind) => {
  const { receiver, start } = deliverySuite();

  it.skipIf(!available.get(kind))('delivers signed, retries a 503 after 1 s, logs both attempts, and replays a failed delivery', async () => {
    let failing = true;
    const hook = await receiver((n) => ({ status: n === 0 ? 503 : failing ? 404 : 200 }));
    const api = await start({ storage: await createTestStorage(kind) });
    const { id, secret } = await createWebhook(api, `${hook.url}/hook`);
    await dispatch(api);
    const [first] = await settled(api, id);
    expect(first).toMatchObject({
      status: 'failed',
      attempts: [
        { attempt: 1, status: 503, next_attempt_in_ms: 1_000 },
        { attempt: 2, status: 404, next_attempt_in_ms: null },
      ],
    });
    expect(hook.received[1]!.headers['x-webhook-signature']).toBe(specSignature(secret, hook.received[1]!.body));
    failing = false;
    const replay = await api.call('POST', `/v1/projects/${api.demo.project_id}/webhooks/${id}/deliveries/${String(first!.id)}/replay`);
    expect(replay.status).toBe(202);
    const [again] = await settled(api, id);
    expect(again).toMatchObject({ status: 'succeeded', attempts: [{ run: 1 }, { run: 1 }, { run: 2, status: 200 }] });
    expect(new Set(hook.received.map((got) => got.headers['x-webhook-id'])).size).toBe(1);
  });
});
