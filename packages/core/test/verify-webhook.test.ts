import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { standardWebhooksKey, verifyWebhook } from '@northstar/core';

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const BODY = '{"type":"alert_triggered","timestamp":"2026-11-25T10:00:00.000Z","project_id":1,"data":{}}';
const NOW = Date.parse('2026-11-25T10:00:05Z');

const hex = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
function standard(key: Uint8Array | string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
function standardHeaders(secret: string, timestamp = Math.floor(NOW / 1000)) {
  const key = Buffer.from(secret.slice(6), 'base64');
  return { 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': standard(key, 'msg_1', timestamp, BODY) };
}
const options = { now: () => NOW };

describe('verifyWebhook', () => {
  it('accepts X-Webhook-Signature of the raw body, as Node headers, fetch Headers or any case', async () => {
    const signature = hex(SECRET, BODY);
    expect(await verifyWebhook(BODY, { 'x-webhook-signature': signature }, SECRET)).toBe(true);
    expect(await verifyWebhook(BODY, new Headers({ 'X-Webhook-Signature': signature }), SECRET)).toBe(true);
    expect(await verifyWebhook(new TextEncoder().encode(BODY), { 'X-Webhook-Signature': signature }, SECRET)).toBe(true);
  });

  it('refuses another body, another secret, a short, uppercase or missing signature', async () => {
    const signature = hex(SECRET, BODY);
    expect(await verifyWebhook(`${BODY} `, { 'x-webhook-signature': signature }, SECRET)).toBe(false);
    expect(await verifyWebhook(BODY, { 'x-webhook-signature': signature }, 'whsec_other')).toBe(false);
    expect(await verifyWebhook(BODY, { 'x-webhook-signature': signature.slice(0, -2) }, SECRET)).toBe(false);
    expect(await verifyWebhook(BODY, { 'x-webhook-signature': signature.toUpperCase() }, SECRET)).toBe(false);
    expect(await verifyWebhook(BODY, {}, SECRET)).toBe(false);
    expect(await verifyWebhook(BODY, { 'x-webhook-signature': signature }, '')).toBe(false);
  });

  it('accepts the previous secret through X-Webhook-Signature-Previous, and a list of secrets', async () => {
    const headers = { 'x-webhook-signature': hex('whsec_new-secret-value', BODY), 'x-webhook-signature-previous': hex(SECRET, BODY) };
    expect(await verifyWebhook(BODY, headers, SECRET)).toBe(true);
    expect(await verifyWebhook(BODY, { 'x-webhook-signature': hex(SECRET, BODY) }, ['whsec_new-secret-value', SECRET])).toBe(true);
  });

  it('checks the Standard Webhooks signature and its timestamp when those headers are there', async () => {
    expect(await verifyWebhook(BODY, standardHeaders(SECRET), SECRET, options)).toBe(true);
    const old = standardHeaders(SECRET, Math.floor(NOW / 1000) - 301);
    expect(await verifyWebhook(BODY, old, SECRET, options)).toBe(false);
    expect(await verifyWebhook(BODY, old, SECRET, { ...options, toleranceSeconds: 600 })).toBe(true);
    const other = { ...standardHeaders(SECRET), 'webhook-id': 'msg_2' };
    expect(await verifyWebhook(BODY, other, SECRET, options)).toBe(false);
    const two = standardHeaders(SECRET);
    two['webhook-signature'] = `v1,${Buffer.alloc(32).toString('base64')} ${two['webhook-signature']}`;
    expect(await verifyWebhook(BODY, two, SECRET, options)).toBe(true);
  });

  it('keys Standard Webhooks with the base64 after whsec_, else with the UTF-8 bytes of the secret', () => {
    expect(Buffer.from(standardWebhooksKey(SECRET)).toString()).toBe('0123456789abcdef0123456789abcdef');
    expect(Buffer.from(standardWebhooksKey('my-plain-secret-value')).toString()).toBe('my-plain-secret-value');
    expect(Buffer.from(standardWebhooksKey('whsec_not base64!')).toString()).toBe('whsec_not base64!');
  });
});
