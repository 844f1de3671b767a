import type { ResolveHost } from './ssrf-url.js';

/** The webhooks slice of the app's options: which targets are allowed, and the key of their secrets. */
export interface WebhookOptions {
  /**
   * Accept webhook URLs whose host is or resolves to a loopback, private, link-local or other internal
   * address (tests; a self-hosted server posting inside its own network). Scheme and credential rules
   * still apply (docs/api-resources.md).
   * @default false
   */
  allowPrivateWebhookUrls?: boolean;
  /**
   * Key that encrypts webhook secrets at rest (AES-256-GCM; stored as `enc:v1:...`), so that a copy of
   * the database alone cannot sign deliveries: 32 bytes, as bytes, 64 hex characters or base64
   * (`openssl rand -base64 32`). Every process on one database needs the same key, and it must outlive
   * restarts (the CLI reads `NORTHSTAR_SECRETS_KEY`, else generates `<data dir>/secrets-key` once).
   * No default: without it, creating or changing a webhook answers 503 (docs/api-resources.md).
   */
  secretsKey?: string | Uint8Array;
  /**
   * Networks whose addresses webhooks may reach although the SSRF deny list refuses them, for receivers
   * on the operator's own network: CIDRs or addresses (`['10.20.0.0/16', 'fd00:1::/64']`). Checked at
   * creation and at connect time; narrower than `allowPrivateWebhookUrls`. @default []
   */
  webhookAllowedNetworks?: readonly string[];
  /** Resolves webhook hosts at creation and at every delivery attempt (tests; a custom resolver). @default `dns.promises.lookup` with `all` */
  webhookResolver?: ResolveHost;
  /** Deliveries in a row that fail for good (test events aside) before the webhook is turned off (docs/webhooks.md). @default 20 */
  webhookDisableAfterFailures?: number;
  /** Deliveries in flight at once per worker process. @default 4 */
  webhookDeliveryConcurrency?: number;
}
