import { randomBytes } from 'node:crypto';
import type { JsonObject } from '../../ports/index.js';
import { webhookFields, webhookSchema, webhookSecretPrefixField } from '../../schemas/documents/webhook.js';
import { checkWebhookUrl } from '../../webhooks/ssrf-url.js';
import type { WebhookUrlOptions } from '../../webhooks/ssrf-url.js';
import type { DocumentResource, WriteContext } from './document-resource.js';

/** Prefix of generated webhook secrets. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** `whsec_` + 32 random bytes, base64url. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** The visible start of a secret: 12 characters of a generated one, never more than a quarter of it. */
export function webhookSecretPrefix(secret: string): string {
  return secret.slice(0, Math.min(12, Math.floor(secret.length / 4)));
}

const stringOf = (value: JsonObject[string] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Webhooks: the URL passes the SSRF check when it is set or changed; the secret is the one given, else
 * the stored one, else a new one. Responses show only `secret_prefix`, except the creation response,
 * which carries the full `secret` once.
 */
export function webhookResource(urlOptions: WebhookUrlOptions): DocumentResource {
  async function prepare(data: JsonObject, ctx: WriteContext): Promise<JsonObject> {
    const url = stringOf(data.url) ?? '';
    const checked = url === stringOf(ctx.existing?.data.url) ? url : await checkWebhookUrl(url, urlOptions);
    const secret = stringOf(data.secret) ?? stringOf(ctx.existing?.data.secret) ?? generateWebhookSecret();
    return { ...data, url: checked, secret };
  }
  return {
    kind: 'webhook',
    segment: 'webhooks',
    noun: 'webhook',
    tag: 'Webhooks',
    schema: webhookSchema,
    patchSchema: webhookFields.partial(),
    readOnlyFields: ['secret_prefix'],
    writeOnlyFields: ['secret'],
    prepare,
    present: (data) => ({ ...data, secret_prefix: webhookSecretPrefix(stringOf(data.secret) ?? '') }),
    presentCreated: (data) => ({ secret: stringOf(data.secret) ?? '' }),
    responseFields: { secret_prefix: webhookSecretPrefixField },
    createdFields: { secret: webhookSecretPrefixField.meta({ description: 'The full secret: shown in this response only.' }) },
  };
}
