import { VersionConflictError } from '../../errors/index.js';
import type { ConfigStore, DocumentRecord, Job, JobHandler, JobOutcome, JsonObject } from '../../ports/index.js';
import type { NorthstarLogger } from '../../ports/logger.js';
import type { SecretBox } from '../../secrets/index.js';
import { webhookSecretOf } from '../documents/webhook-resource.js';
import { deliveryDataOf } from '../../webhooks/delivery-record.js';
import type { DeliveryAttempt, DeliveryData, DeliveryJob, DeliveryStatus } from '../../webhooks/delivery-record.js';
import { DEFAULT_DISABLE_AFTER_FAILURES, judgeAttempt, MAX_ATTEMPTS, retryDelay } from '../../webhooks/delivery-policy.js';
import { safePost } from '../../webhooks/safe-post.js';
import type { SafePostOptions } from '../../webhooks/safe-post.js';
import { deliveryHeaders } from '../../webhooks/webhook-signature.js';
import type { SigningSecrets } from '../../webhooks/webhook-signature.js';

export interface DeliveryHandlerDeps {
  config: ConfigStore;
  /** Opens webhook secrets; without it every delivery fails (logged). */
  secrets: SecretBox | undefined;
  /** Epoch ms: attempt times and `webhook-timestamp`. */
  clock: () => number;
  logger: NorthstarLogger;
  /** The SSRF rules of the connection (resolver, allowed networks). */
  post: SafePostOptions;
  /** @default DEFAULT_DISABLE_AFTER_FAILURES */
  disableAfterFailures?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function signingSecrets(webhook: JsonObject, secrets: SecretBox, now: number): SigningSecrets {
  const current = webhookSecretOf(webhook, secrets);
  const sealed = webhook.previous_secret_encrypted;
  const until = webhook.previous_secret_expires_at;
  if (typeof sealed !== 'string' || typeof until !== 'string' || Date.parse(until) <= now) return { current };
  return { current, previous: secrets.open(sealed) };
}

/** Applies `change` to the stored webhook, re-reading it when a client wrote in between. */
async function updateWebhook(config: ConfigStore, hook: DocumentRecord, change: (data: JsonObject) => JsonObject | undefined): Promise<void> {
  let current: DocumentRecord | undefined = hook;
  for (let tries = 0; current && tries < 5; tries += 1) {
    const data = change(current.data);
    if (!data) return;
    try {
      await config.updateDocument({ projectId: current.project_id, kind: 'webhook', id: current.id, expectedVersion: current.version, data });
      return;
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      current = await config.getDocument({ projectId: current.project_id, kind: 'webhook', id: current.id });
    }
  }
}

/**
 * The handler of `webhook.delivery` jobs (issue 15, docs/webhooks.md): one attempt per job run, through
 * `safePost` (SSRF-checked at connect time, no redirects, 10 s), signed per `deliveryHeaders`; the
 * attempt is appended to the delivery's log, then the job is acked, retried after 1, 5, 30 s (5xx,
 * 429, transport errors) or failed. Failed deliveries count towards turning the webhook off; a 410
 * turns it off at once; a success resets the count.
 */
export function webhookDeliveryHandler(deps: DeliveryHandlerDeps): JobHandler {
  const disableAfter = deps.disableAfterFailures ?? DEFAULT_DISABLE_AFTER_FAILURES;
  const { config } = deps;

  async function record(delivery: DocumentRecord, data: DeliveryData, status: DeliveryStatus, attempt?: DeliveryAttempt): Promise<void> {
    const next: DeliveryData = { ...data, status, attempts: attempt ? [...data.attempts, attempt] : data.attempts };
    await config.updateDocument({ projectId: delivery.project_id, kind: 'webhook_delivery', id: delivery.id, data: next as unknown as JsonObject });
  }

  async function afterDelivery(hook: DocumentRecord, delivered: boolean, gone: boolean, test: boolean): Promise<void> {
    if (delivered && !test) {
      await updateWebhook(config, hook, (data) => (data.consecutive_failures ? { ...data, consecutive_failures: 0 } : undefined));
      return;
    }
    if (delivered) return;
    await updateWebhook(config, hook, (data) => {
      const failures = (typeof data.consecutive_failures === 'number' ? data.consecutive_failures : 0) + (test ? 0 : 1);
      const reason = gone ? 'the receiver answered 410 Gone' : failures >= disableAfter ? `${failures} deliveries in a row failed` : undefined;
      if (reason === undefined) return test ? undefined : { ...data, consecutive_failures: failures };
      if (data.active === false) return { ...data, consecutive_failures: failures };
      deps.logger.info?.(`[northstar] webhook ${hook.id} of project ${hook.project_id} turned off: ${reason}`);
      return { ...data, consecutive_failures: failures, active: false, disabled_reason: reason, disabled_at: iso(deps.clock()) };
    });
  }

  async function handle(job: Job): Promise<JobOutcome> {
    const { project_id: projectId, webhook_id: webhookId, delivery: deliveryId, run } = job.payload as unknown as DeliveryJob;
    const delivery = await config.getDocument({ projectId, kind: 'webhook_delivery', id: deliveryId });
    const hook = await config.getDocument({ projectId, kind: 'webhook', id: webhookId });
    // Deleted with its webhook: nothing to send, nowhere to log.
    if (!delivery || !hook) return { ack: true };
    const data = deliveryDataOf(delivery);
    if (data.runs !== run || data.status === 'succeeded' || data.status === 'failed' || data.status === 'cancelled') return { ack: true };
    if (hook.data.active === false && !data.test) {
      await record(delivery, data, 'cancelled');
      return { ack: true };
    }
    const attemptNo = data.attempts.filter((attempt) => attempt.run === run).length + 1;
    const started = deps.clock();
    const startedAt = performance.now();
    let secrets: SigningSecrets;
    try {
      if (!deps.secrets) throw new Error('the server has no secretsKey');
      secrets = signingSecrets(hook.data, deps.secrets, started);
    } catch (error) {
      const message = `cannot sign: ${error instanceof Error ? error.message : String(error)}`;
      deps.logger.error(`[northstar] webhook ${hook.id}: ${message}`, error);
      await record(delivery, data, 'failed', {
        attempt: attemptNo,
        run,
        at: iso(started),
        status: null,
        duration_ms: 0,
        error: message,
        next_attempt_in_ms: null,
      });
      return { fail: message };
    }
    const headers = deliveryHeaders(secrets, { deliveryId: data.delivery_id, eventType: data.event_type, body: data.body, now: started });
    const outcome = await safePost(typeof hook.data.url === 'string' ? hook.data.url : '', data.body, headers, deps.post);
    const verdict = judgeAttempt(outcome);
    const retryIn = verdict.kind === 'retryable' && attemptNo < MAX_ATTEMPTS ? retryDelay(attemptNo) : undefined;
    const attempt: DeliveryAttempt = {
      attempt: attemptNo,
      run,
      at: iso(started),
      status: outcome.kind === 'answered' ? outcome.status : null,
      duration_ms: Math.round(performance.now() - startedAt),
      error: verdict.kind === 'delivered' ? null : verdict.error,
      next_attempt_in_ms: retryIn ?? null,
    };
    const status: DeliveryStatus = verdict.kind === 'delivered' ? 'succeeded' : retryIn !== undefined ? 'retrying' : 'failed';
    await record(delivery, data, status, attempt);
    if (retryIn !== undefined) return { retryInMs: retryIn };
    await afterDelivery(hook, verdict.kind === 'delivered', verdict.kind === 'final' && verdict.gone, data.test);
    return verdict.kind === 'delivered' ? { ack: true } : { fail: attempt.error ?? 'failed' };
  }

  return handle;
}
