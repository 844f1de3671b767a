import { randomBytes } from 'node:crypto';
import { ServiceUnavailableError } from '../../errors/index.js';
import type { JsonObject } from '../../ports/index.js';
import type { SecretBox } from '../../secrets/index.js';
import { webhookFields, webhookSchema, webhookSecretPrefixField, webhookStateFields } from '../../schemas/documents/webhook.js';
import { checkWebhookUrl } from '../../webhooks/ssrf-url.js';
import type { WebhookUrlOptions } from '../../webhooks/ssrf-url.js';
import type { DocumentResource, WriteContext } from './document-resource.js';

/** Prefix of generated webhook secrets. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** `whsec_` + 32 random bytes in standard base64: the form Standard Webhooks libraries decode as the key (docs/webhooks.md). */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The visible start of a secret: 12 characters of a generated one, never more than a quarter of it. */
export function webhookSecretPrefix(secret: string): string {
  return secret.slice(0, Math.min(12, Math.floor(secret.length / 4)));
}

const stringOf = (value: JsonObject[string] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/** Why webhook writes are refused when the router has no `secretsKey`. */
export const WEBHOOKS_NEED_SECRETS_KEY =
  'Webhooks are disabled: the server has no secretsKey to encrypt their secrets (router option secretsKey; NORTHSTAR_SECRETS_KEY or the generated <data dir>/secrets-key for the CLI)';

function openSealed(secrets: SecretBox, sealed: string): string {
  try {
    return secrets.open(sealed);
  } catch {
    throw new ServiceUnavailableError('A stored webhook secret does not open with the configured secretsKey (was the key changed?)');
  }
}

/**
 * The secret of a stored webhook, to sign a delivery (the delivery worker's call): `secret_encrypted`
 * opened with `secrets`, else a legacy plaintext `secret` (rows written before encryption; the next
 * write of the webhook encrypts it). Throws when neither is there or the key does not open it.
 */
export function webhookSecretOf(data: JsonObject, secrets: SecretBox): string {
  const sealed = stringOf(data.secret_encrypted);
  if (sealed !== undefined) return secrets.open(sealed);
  const legacy = stringOf(data.secret);
  if (legacy === undefined) throw new Error('webhook has no secret');
  return legacy;
}

/** Fields the delivery worker and the rotation keep on a webhook (docs/webhooks.md), never written by clients. */
export const WEBHOOK_SERVER_FIELDS = [
  'consecutive_failures',
  'disabled_reason',
  'disabled_at',
  'previous_secret_encrypted',
  'previous_secret_expires_at',
] as const;

/**
 * The server's fields carried over a client's write: the failure count and the reason of an automatic
 * disabling, until the client turns the webhook on again; a rotated-out secret and its end, unless the
 * write sets a secret itself (an immediate replacement).
 */
function serverFields(fields: JsonObject, existing: JsonObject | undefined, secretGiven: boolean): JsonObject {
  if (!existing) return {};
  const kept: JsonObject = {};
  const reenabled = fields.active === true && existing.active === false;
  for (const name of WEBHOOK_SERVER_FIELDS) {
    const value = existing[name];
    if (value === undefined) continue;
    if (reenabled && (name === 'consecutive_failures' || name === 'disabled_reason' || name === 'disabled_at')) continue;
    if (secretGiven && (name === 'previous_secret_encrypted' || name === 'previous_secret_expires_at')) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * Webhooks: the URL passes the SSRF check when it is set or changed; the secret is the one given, else
 * the stored one, else a new one. It is stored encrypted (`secret_encrypted`, `enc:v1:...`, with the
 * router's `secretsKey`) beside its `secret_prefix`; without a key every write is a 503. Responses show
 * only `secret_prefix`, except the creation response, which carries the full `secret` once.
 */
export function webhookResource(urlOptions: WebhookUrlOptions, secrets?: SecretBox): DocumentResource {
  async function prepare(data: JsonObject, ctx: WriteContext): Promise<JsonObject> {
    if (!secrets) throw new ServiceUnavailableError(WEBHOOKS_NEED_SECRETS_KEY);
    const url = stringOf(data.url) ?? '';
    const checked = url === stringOf(ctx.existing?.data.url) ? url : await checkWebhookUrl(url, urlOptions);
    // A given secret, or a legacy plaintext one carried over from the stored row by PUT and PATCH.
    const { secret: given, secret_encrypted: _sealed, ...fields } = data;
    const kept = stringOf(ctx.existing?.data.secret_encrypted);
    const secret =
      stringOf(given) ?? (kept === undefined ? undefined : openSealed(secrets, kept)) ?? stringOf(ctx.existing?.data.secret) ?? generateWebhookSecret();
    return {
      ...fields,
      ...serverFields(fields, ctx.existing?.data, stringOf(given) !== undefined),
      url: checked,
      secret_encrypted: secrets.seal(secret),
      secret_prefix: webhookSecretPrefix(secret),
    };
  }
  return {
    kind: 'webhook',
    segment: 'webhooks',
    noun: 'webhook',
    tag: 'Webhooks',
    schema: webhookSchema,
    patchSchema: webhookFields.partial(),
    readOnlyFields: ['secret_prefix', 'consecutive_failures', 'disabled_reason', 'disabled_at', 'previous_secret_expires_at'],
    writeOnlyFields: ['secret'],
    prepare,
    present: ({ secret, secret_encrypted: _sealed, previous_secret_encrypted: _previous, ...data }) => ({
      ...data,
      secret_prefix: stringOf(data.secret_prefix) ?? webhookSecretPrefix(stringOf(secret) ?? ''),
    }),
    presentCreated: (data) => ({ secret: secrets ? webhookSecretOf(data, secrets) : '' }),
    responseFields: { secret_prefix: webhookSecretPrefixField, ...webhookStateFields },
    createdFields: { secret: webhookSecretPrefixField.meta({ description: 'The full secret: shown in this response only.' }) },
  };
}
