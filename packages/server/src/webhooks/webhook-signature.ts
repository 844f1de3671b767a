import { createHmac } from 'node:crypto';
import { standardWebhooksKey, WEBHOOK_HEADERS } from '@northstar/core';

/** What signs one attempt: the current secret, and the previous one while a rotation overlaps. */
export interface SigningSecrets {
  current: string;
  previous?: string;
}

export interface SignedAttempt {
  /** The delivery's id, the same on every attempt. */
  deliveryId: string;
  eventType: string;
  /** The exact bytes sent. */
  body: string;
  /** Epoch ms of the attempt. */
  now: number;
}

/** `sha256=<lowercase hex HMAC-SHA256 of the raw body>` keyed with the secret's UTF-8 bytes (spec 6.1 rule 3). */
export function specSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Standard Webhooks `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with `standardWebhooksKey(secret)`. */
export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', standardWebhooksKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

/**
 * The headers of one attempt (docs/webhooks.md): the spec's `X-Webhook-Signature` and
 * `X-Webhook-Event`, `X-Webhook-Id`, and the Standard Webhooks trio. During a rotation's overlap
 * `X-Webhook-Signature` is keyed with the new secret, `X-Webhook-Signature-Previous` with the old one,
 * and `webhook-signature` lists both.
 */
export function deliveryHeaders(secrets: SigningSecrets, attempt: SignedAttempt): Record<string, string> {
  const timestamp = Math.floor(attempt.now / 1000);
  const keys = secrets.previous === undefined ? [secrets.current] : [secrets.current, secrets.previous];
  return {
    'content-type': 'application/json',
    'user-agent': 'Northstar-Webhooks/1',
    [WEBHOOK_HEADERS.signature]: specSignature(secrets.current, attempt.body),
    ...(secrets.previous === undefined ? {} : { [WEBHOOK_HEADERS.previousSignature]: specSignature(secrets.previous, attempt.body) }),
    [WEBHOOK_HEADERS.event]: attempt.eventType,
    [WEBHOOK_HEADERS.id]: attempt.deliveryId,
    [WEBHOOK_HEADERS.standardId]: attempt.deliveryId,
    [WEBHOOK_HEADERS.standardTimestamp]: String(timestamp),
    [WEBHOOK_HEADERS.standardSignature]: keys.map((key) => standardSignature(key, attempt.deliveryId, timestamp, attempt.body)).join(' '),
  };
}
