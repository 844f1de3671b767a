import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { verifyWebhook } from '@northstar/core';

/** Largest body read; Northstar's deliveries are far smaller. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * An HTTP server that accepts Northstar webhook deliveries: the raw body is read as bytes, the
 * signature checked with `verifyWebhook` (constant time; Standard Webhooks headers with a 5-minute
 * timestamp window when present), and a delivery whose X-Webhook-Id was already handled is answered
 * 200 without handling it again (retries and replays keep the id).
 *
 * @param {{ secret: string | string[], onEvent: (event: object, id: string) => void | Promise<void> }} options
 */
export function createWebhookReceiver({ secret, onEvent }) {
  // A real receiver keeps these in its database, with the work the event triggered.
  const handled = new Set();
  return createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      if (!(await verifyWebhook(new Uint8Array(raw), req.headers, secret))) return void res.writeHead(401).end('bad signature');
      const id = String(req.headers['x-webhook-id']);
      if (handled.has(id)) return void res.writeHead(200).end('already handled');
      try {
        await onEvent(JSON.parse(raw.toString('utf8')), id);
        handled.add(id);
        res.writeHead(204).end();
      } catch {
        // A 5xx asks Northstar to retry (after 1, 5 and 30 s).
        res.writeHead(500).end();
      }
    });
  });
}
