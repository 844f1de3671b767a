/**
 * Checking a Northstar webhook delivery on the receiving side (issue 15, docs/webhooks.md). Built on
 * Web Crypto (`globalThis.crypto.subtle`), so it runs in Node 20+, Deno, Bun, workers and browsers
 * alike without pulling `node:crypto` into this package; HMAC verification by `subtle.verify` compares
 * in constant time.
 */

/** Header names of a delivery (lowercase, as Node gives them). */
export const WEBHOOK_HEADERS = {
  /** `sha256=<lowercase hex HMAC-SHA256 of the raw body>`, keyed with the current secret (spec 6.1). */
  signature: 'x-webhook-signature',
  /** The same with the previous secret, sent only while a rotated secret overlaps. */
  previousSignature: 'x-webhook-signature-previous',
  event: 'x-webhook-event',
  /** The delivery's id: the same on every attempt, so that a receiver can drop repeats. */
  id: 'x-webhook-id',
  /** Standard Webhooks: the delivery id, the attempt's Unix time in seconds, and `v1,<base64>` signatures separated by spaces. */
  standardId: 'webhook-id',
  standardTimestamp: 'webhook-timestamp',
  standardSignature: 'webhook-signature',
} as const;

/** Headers as Node (`req.headers`), fetch (`Headers`) or a plain object give them. */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Largest distance between `webhook-timestamp` and now, in seconds. @default 300 */
  toleranceSeconds?: number;
  /** Current time in epoch ms. @default Date.now */
  now?: () => number;
}

const STANDARD_PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Bytes over a plain `ArrayBuffer`, as Web Crypto's types want them. */
type Bytes = Uint8Array<ArrayBuffer>;

function base64Bytes(text: string): Bytes {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * The HMAC key of the Standard Webhooks signature: for a secret `whsec_<base64>` the decoded bytes
 * (as Standard Webhooks libraries read it), for any other secret its UTF-8 bytes.
 */
export function standardWebhooksKey(secret: string): Bytes {
  const encoded = secret.startsWith(STANDARD_PREFIX) ? secret.slice(STANDARD_PREFIX.length) : undefined;
  if (encoded !== undefined && encoded.length > 0 && BASE64.test(encoded)) return base64Bytes(encoded);
  return encoder.encode(secret);
}

function hexBytes(hex: string): Bytes | undefined {
  if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
  return Uint8Array.from({ length: 32 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

async function hmacKey(bytes: Bytes): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/** Constant time: `subtle.verify` recomputes the HMAC and compares without an early exit. */
async function hmacMatches(key: CryptoKey, signature: Bytes, data: Bytes): Promise<boolean> {
  return signature.length === 32 && globalThis.crypto.subtle.verify('HMAC', key, signature, data);
}

async function specSignatureMatches(body: Bytes, headers: WebhookHeaders, secrets: readonly string[]): Promise<boolean> {
  const given = [header(headers, WEBHOOK_HEADERS.signature), header(headers, WEBHOOK_HEADERS.previousSignature)]
    .filter((value): value is string => value !== undefined && value.startsWith('sha256='))
    .map((value) => hexBytes(value.slice('sha256='.length)))
    .filter((bytes): bytes is Bytes => bytes !== undefined);
  for (const secret of secrets) {
    const key = await hmacKey(encoder.encode(secret));
    for (const signature of given) if (await hmacMatches(key, signature, body)) return true;
  }
  return false;
}

async function standardSignatureMatches(body: Bytes, headers: WebhookHeaders, secrets: readonly string[], options: VerifyWebhookOptions): Promise<boolean> {
  const id = header(headers, WEBHOOK_HEADERS.standardId);
  const timestamp = header(headers, WEBHOOK_HEADERS.standardTimestamp);
  const signatures = header(headers, WEBHOOK_HEADERS.standardSignature);
  if (id === undefined || timestamp === undefined || signatures === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const given = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .flatMap((entry) => {
      try {
        return [base64Bytes(entry.slice(3))];
      } catch {
        return [];
      }
    });
  for (const secret of secrets) {
    const key = await hmacKey(standardWebhooksKey(secret));
    for (const signature of given) if (await hmacMatches(key, signature, signed)) return true;
  }
  return false;
}

/**
 * True when a delivery was signed with `secret` (or one of `secret`, during a rotation on your side).
 * Pass the raw body exactly as received, before any JSON parsing. When the Standard Webhooks headers
 * are present they must verify, timestamp within `toleranceSeconds` included (which rejects replays
 * of old deliveries); otherwise `X-Webhook-Signature` (or `X-Webhook-Signature-Previous`) must.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<boolean> {
  const body: Bytes = typeof rawBody === 'string' ? encoder.encode(rawBody) : new Uint8Array(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0 || secrets.some((candidate) => candidate.length === 0)) return false;
  if (header(headers, WEBHOOK_HEADERS.standardSignature) !== undefined) return standardSignatureMatches(body, headers, secrets, options);
  return specSignatureMatches(body, headers, secrets);
}
