import { createHmac } from 'node:crypto';
import { afterEach, expect, vi } from 'vitest';
import { dispatchWebhookEvent } from '@northstar/server';
import type { NorthstarAppOptions } from '@northstar/server';
import { ioUntil, startDeliveryServer, startReceiver } from './webhook-harness.js';
import type { DeliveryServer, Received, Receiver } from './webhook-harness.js';

export const ALERT = { alert_id: 7, alert_name: 'Signups dropped', value: 3, threshold: 10, condition: 'value < threshold' };

/** Spec 6.1 rule 3, recomputed with Node's crypto: `sha256=` + lowercase hex HMAC-SHA256 of the raw body. */
export const specSignature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Standard Webhooks, recomputed with Node's crypto: the key is the base64 after `whsec_`. */
export function standardSignature(secret: string, received: Received): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${String(received.headers['webhook-id'])}.${String(received.headers['webhook-timestamp'])}.${received.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

/** Receivers and a delivery server per test, closed after it (real timers restored first). */
export function deliverySuite() {
  let server: DeliveryServer | undefined;
  const receivers: Receiver[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = undefined;
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  return {
    async receiver(respond?: Receiver['respond']): Promise<Receiver> {
      const started = await startReceiver(respond);
      receivers.push(started);
      return started;
    },
    async start(options: Partial<NorthstarAppOptions> = {}): Promise<DeliveryServer> {
      server = await startDeliveryServer(options);
      return server;
    },
  };
}

/** Creates a webhook through the API; resolves to its id and full secret. */
export async function createWebhook(api: DeliveryServer, url: string, extra: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const created = await api.call('POST', `/v1/projects/${api.demo.project_id}/webhooks`, { url, events: ['alert_triggered'], ...extra });
  expect(created.status).toBe(201);
  return { id: Number(created.body.id), secret: String(created.body.secret) };
}

/** Emits `alert_triggered` with `ALERT` in the demo project, as an alert would. */
export const dispatch = (api: DeliveryServer, options?: { webhookIds?: number[] }) =>
  dispatchWebhookEvent({ config: api.app.storage.config, jobs: api.app.storage.jobs, clock: Date.now }, api.demo.project_id, 'alert_triggered', ALERT, options);

/** The webhook's deliveries through the API once at least `count` exist and none is pending or retrying. */
export async function settled(api: DeliveryServer, webhookId: number, count = 1): Promise<Record<string, unknown>[]> {
  let items: Record<string, unknown>[] = [];
  await ioUntil(async () => {
    const listed = await api.call('GET', `/v1/projects/${api.demo.project_id}/webhooks/${webhookId}/deliveries`);
    items = listed.body.items as Record<string, unknown>[];
    return items.length >= count && items.every((item) => item.status === 'succeeded' || item.status === 'failed' || item.status === 'cancelled');
  }, 'deliveries to settle');
  return items;
}
