import type { ConfigStore, JobQueue } from '../ports/index.js';
import type { NorthstarLogger } from '../ports/logger.js';
import { createSecretBox } from '../secrets/index.js';
import { webhookDeliveryHandler } from '../services/webhooks/delivery-handler.js';
import { allowedNetworks } from '../webhooks/allowed-networks.js';
import { WEBHOOK_DELIVERY_QUEUE } from '../webhooks/delivery-record.js';
import { dispatchWebhookEvent } from '../webhooks/dispatch.js';
import type { WebhookDispatchDeps } from '../webhooks/dispatch.js';
import type { WebhookEventSink } from '../services/webhook-event-sink.js';
import type { BackgroundWorker } from './background-workers.js';
import type { NorthstarAppOptions } from './app-options.js';

/** The webhook delivery consumer of an app (docs/webhooks.md), with the app's SSRF rules, secrets key and clock. */
export function deliveryWorker(
  options: NorthstarAppOptions,
  jobs: JobQueue,
  config: ConfigStore,
  clock: () => number,
  logger: NorthstarLogger,
): BackgroundWorker {
  const handle = webhookDeliveryHandler({
    config,
    secrets: options.secretsKey === undefined ? undefined : createSecretBox(options.secretsKey),
    clock,
    logger,
    post: {
      allowPrivate: options.allowPrivateWebhookUrls ?? false,
      allowed: allowedNetworks(options.webhookAllowedNetworks),
      resolve: options.webhookResolver,
    },
    disableAfterFailures: options.webhookDisableAfterFailures,
  });
  return {
    name: 'webhook-delivery',
    start() {
      // An attempt takes at most 10 s plus a few writes: the lease outlives it.
      const consumer = jobs.consume(WEBHOOK_DELIVERY_QUEUE, handle, { concurrency: options.webhookDeliveryConcurrency ?? 4, visibilityTimeoutMs: 60_000 });
      return Promise.resolve(() => consumer.stop());
    },
  };
}

/** The sink of the alert and experiment evaluations: each event is dispatched to the project's webhooks (an alert's own only). */
export function dispatchingSink(deps: WebhookDispatchDeps): WebhookEventSink {
  return {
    async emit(projectId, event, webhookIds) {
      const options = webhookIds === undefined ? {} : { webhookIds };
      if (event.type === 'alert_triggered') await dispatchWebhookEvent(deps, projectId, event.type, event.data, options);
      else await dispatchWebhookEvent(deps, projectId, event.type, event.data, options);
    },
  };
}
