import { BadRequestError, HttpError, NotFoundError, ServiceUnavailableError } from '../../errors/index.js';
import type { ConfigStore, DocumentRecord, JobQueue, JsonObject } from '../../ports/index.js';
import type { SecretBox } from '../../secrets/index.js';
import { generateWebhookSecret, webhookSecretOf, webhookSecretPrefix, WEBHOOKS_NEED_SECRETS_KEY } from '../documents/webhook-resource.js';
import { MAX_WEBHOOK_SECRET_LENGTH, MIN_WEBHOOK_SECRET_LENGTH } from '../../schemas/documents/webhook.js';
import { createDelivery, deliveryDataOf, enqueueDelivery, requireJobs, WEBHOOK_TEST_EVENT } from '../../webhooks/delivery-record.js';

/** Default and longest overlap of a rotated-out secret. */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 86_400;

export interface WebhookActionsDeps {
  config: ConfigStore;
  jobs: JobQueue | undefined;
  secrets: SecretBox | undefined;
  clock: () => number;
}

export interface RotateSecretInput {
  /** The new secret. @default a generated one */
  secret?: string;
  /** How long deliveries stay signed with the old secret too; 0 ends it at once. @default 86400 */
  overlap_seconds?: number;
}

export interface RotatedSecret {
  secret: string;
  secret_prefix: string;
  /** Null when the old secret stopped at once. */
  previous_secret_expires_at: string | null;
}

/** The actions on a webhook beyond its CRUD: a test event, replaying a delivery, rotating the secret. */
export interface WebhookActions {
  /** Sends a `webhook_test` event to the webhook, even when it is turned off; resolves to the delivery's id. */
  sendTest(projectId: number, webhookId: number): Promise<{ id: number; delivery_id: string }>;
  /** Queues a failed (or cancelled) delivery again, same body and id; 409 while it is pending or after it succeeded. */
  replay(projectId: number, webhookId: number, deliveryId: number): Promise<{ id: number; delivery_id: string; run: number }>;
  /** Replaces the secret; the old one keeps signing too until `previous_secret_expires_at`. */
  rotateSecret(projectId: number, webhookId: number, input: RotateSecretInput): Promise<RotatedSecret>;
}

export function webhookActions(deps: WebhookActionsDeps): WebhookActions {
  const { config } = deps;

  async function loadWebhook(projectId: number, id: number): Promise<DocumentRecord> {
    const hook = await config.getDocument({ projectId, kind: 'webhook', id });
    if (!hook) throw new NotFoundError(`No webhook ${id} in this project`);
    return hook;
  }

  return {
    async sendTest(projectId, webhookId) {
      const jobs = requireJobs(deps.jobs);
      const hook = await loadWebhook(projectId, webhookId);
      const body = JSON.stringify({
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date(deps.clock()).toISOString(),
        project_id: projectId,
        data: { webhook_id: webhookId, message: 'A test event from Northstar' },
      });
      const record = await createDelivery(config, jobs, hook, WEBHOOK_TEST_EVENT, body, true);
      return { id: record.id, delivery_id: deliveryDataOf(record).delivery_id };
    },

    async replay(projectId, webhookId, deliveryId) {
      const jobs = requireJobs(deps.jobs);
      await loadWebhook(projectId, webhookId);
      const delivery = await config.getDocument({ projectId, kind: 'webhook_delivery', id: deliveryId });
      if (!delivery || delivery.parent_id !== webhookId) throw new NotFoundError(`No delivery ${deliveryId} of webhook ${webhookId}`);
      const data = deliveryDataOf(delivery);
      if (data.status !== 'failed' && data.status !== 'cancelled')
        throw new HttpError(409, `Only a failed or cancelled delivery can be replayed; this one is ${data.status}`);
      const run = data.runs + 1;
      const updated = await config.updateDocument({
        projectId,
        kind: 'webhook_delivery',
        id: deliveryId,
        expectedVersion: delivery.version,
        data: { ...data, runs: run, status: 'pending' } as unknown as JsonObject,
      });
      if (!updated) throw new NotFoundError(`No delivery ${deliveryId} of webhook ${webhookId}`);
      await enqueueDelivery(jobs, updated, run);
      return { id: deliveryId, delivery_id: data.delivery_id, run };
    },

    async rotateSecret(projectId, webhookId, input) {
      const overlap = input.overlap_seconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS;
      if (!Number.isInteger(overlap) || overlap < 0 || overlap > MAX_ROTATION_OVERLAP_SECONDS)
        throw new BadRequestError(`overlap_seconds must be an integer from 0 to ${MAX_ROTATION_OVERLAP_SECONDS}`);
      const secret = input.secret ?? generateWebhookSecret();
      if (secret.length < MIN_WEBHOOK_SECRET_LENGTH || secret.length > MAX_WEBHOOK_SECRET_LENGTH)
        throw new BadRequestError(`secret must be ${MIN_WEBHOOK_SECRET_LENGTH} to ${MAX_WEBHOOK_SECRET_LENGTH} characters`);
      const hook = await loadWebhook(projectId, webhookId);
      if (!deps.secrets) throw new ServiceUnavailableError(WEBHOOKS_NEED_SECRETS_KEY);
      const old = webhookSecretOf(hook.data, deps.secrets);
      const { previous_secret_encrypted: _sealed, previous_secret_expires_at: _until, secret: _legacy, ...data } = hook.data;
      const expires = overlap === 0 ? null : new Date(deps.clock() + overlap * 1000).toISOString();
      const next: JsonObject = {
        ...data,
        secret_encrypted: deps.secrets.seal(secret),
        secret_prefix: webhookSecretPrefix(secret),
        ...(expires === null ? {} : { previous_secret_encrypted: deps.secrets.seal(old), previous_secret_expires_at: expires }),
      };
      // A client's edit in between is a 409: the rotation is not applied over it.
      const stored = await config.updateDocument({ projectId, kind: 'webhook', id: webhookId, expectedVersion: hook.version, data: next });
      if (!stored) throw new NotFoundError(`No webhook ${webhookId} in this project`);
      return { secret, secret_prefix: webhookSecretPrefix(secret), previous_secret_expires_at: expires };
    },
  };
}
