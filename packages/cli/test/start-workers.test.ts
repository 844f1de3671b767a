import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createApiKey } from '@northstar/server/app';
import { serverSandbox } from './support/server-sandbox.js';

const SECRETS_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

describe('northstar-server start', () => {
  const sandbox = serverSandbox('northstar-start-workers-');

  it('runs the webhook delivery worker in the same process by default', async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      received.push(String(req.headers['x-webhook-event']));
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const storage = createMemoryStorage();
      const running = await sandbox.start({
        storage,
        router: { logger: { error: () => {} }, secretsKey: SECRETS_KEY, webhookAllowedNetworks: ['127.0.0.1/32'] },
      });
      const { key } = await createApiKey(storage.config, { projectId: running.demo.project_id, kind: 'sk', scopes: ['read', 'write', 'admin'] });
      const call = (path: string, body?: unknown) =>
        fetch(`${running.url}/v1/projects/${running.demo.project_id}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const created = (await (await call('/webhooks', { url, events: ['alert_triggered'] })).json()) as { id: number };
      expect((await call(`/webhooks/${created.id}/test`)).status).toBe(202);
      await vi.waitFor(() => expect(received).toEqual(['webhook_test']), { timeout: 5_000 });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
