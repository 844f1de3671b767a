import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarApp, dispatchWebhookEvent, seedDemoProject } from '@northstar/server/app';
import type { NorthstarApp } from '@northstar/server/app';
import { startNodeScript, type NodeProcess } from './harness/node-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/webhook-receiver/server.mjs', import.meta.url));
const SECRET = `whsec_${Buffer.from('a 32-byte secret for the example').toString('base64')}`;

// The example as a user runs it (`node server.mjs`, the built @northstar/core), fed by the built server's delivery worker.
describe('examples/webhook-receiver', () => {
  let receiver: NodeProcess;
  let url: string;
  let app: NorthstarApp;
  const storage = createMemoryStorage();

  beforeAll(async () => {
    receiver = startNodeScript(EXAMPLE, { PORT: '0', WEBHOOK_SECRET: SECRET });
    [, url] = (await receiver.waitFor(/on (http:\/\/\S+\/)/)) as [string, string];
    app = createNorthstarApp({
      storage,
      logger: { error: () => {} },
      secretsKey: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      webhookAllowedNetworks: ['127.0.0.1/32'],
    });
    await app.workers.start();
  });
  afterAll(async () => {
    await app?.close();
    await storage.dispose();
    await receiver?.stop();
  });

  it('verifies a delivery of the worker and handles it; refuses a forged one', async () => {
    const { project_id: projectId } = await seedDemoProject(storage);
    await app.services.documents.webhooks.create(projectId, { fields: { url, events: ['alert_triggered'], secret: SECRET }, version: undefined });
    const data = { alert_id: 1, alert_name: 'Checkout errors', value: 12, threshold: 10, condition: 'value > threshold' };
    await dispatchWebhookEvent({ config: app.storage.config, jobs: app.storage.jobs, clock: Date.now }, projectId, 'alert_triggered', data);
    await receiver.waitFor(/msg_\S+ alert_triggered \{"alert_id":1,"alert_name":"Checkout errors"/);

    const body = '{"type":"alert_triggered"}';
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'x-webhook-signature': `sha256=${createHmac('sha256', 'wrong').update(body).digest('hex')}` },
      body,
    });
    expect(forged.status).toBe(401);
    const signed = await fetch(url, {
      method: 'POST',
      headers: { 'x-webhook-signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`, 'x-webhook-id': 'msg_once' },
      body,
    });
    expect(signed.status).toBe(204);
    const again = await fetch(url, {
      method: 'POST',
      headers: { 'x-webhook-signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`, 'x-webhook-id': 'msg_once' },
      body,
    });
    expect(await again.text()).toBe('already handled');
  });
});
