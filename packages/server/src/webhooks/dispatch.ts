import type { WebhookEventType, WebhookPayload } from '@northstar/core';
import type { ConfigStore, DocumentRecord, JobQueue } from '../ports/index.js';
import { createDelivery, requireJobs } from './delivery-record.js';

export interface WebhookDispatchDeps {
  config: ConfigStore;
  /** The storage's `jobs` port; without one, dispatching is a 503 (`ServiceUnavailableError`). */
  jobs: JobQueue | undefined;
  /** Epoch ms, for the body's `timestamp`. */
  clock: () => number;
}

/** `data` of each event type (spec 2.4; experiment_significant's in docs/decisions.md). */
export type WebhookEventData<T extends WebhookEventType> = Extract<WebhookPayload, { type: T }>['data'];

/** Narrows a dispatch. */
export interface DispatchOptions {
  /** Only these webhooks (an alert's `webhook_ids`); ids of deleted webhooks are skipped. @default every webhook of the project */
  webhookIds?: readonly number[];
}

async function subscribedWebhooks(config: ConfigStore, projectId: number, type: string, only: readonly number[] | undefined): Promise<DocumentRecord[]> {
  const found: DocumentRecord[] = [];
  let after: number | undefined;
  do {
    const page = await config.listDocuments({ projectId, kind: 'webhook', after, limit: 100 });
    for (const hook of page.items) {
      const events = hook.data.events;
      if (only !== undefined && !only.includes(hook.id)) continue;
      if (hook.data.active !== false && Array.isArray(events) && events.includes(type)) found.push(hook);
    }
    after = page.next ?? undefined;
  } while (after !== undefined);
  return found;
}

/**
 * Emits a webhook event of a project (spec 6.1): for every enabled webhook subscribed to `type`, the
 * body of spec 2.4 (`{ type, timestamp, project_id, data }`) is recorded as a delivery with a stable id
 * and one `webhook.delivery` job is queued; the worker sends it, signs it and retries it. Resolves once
 * every delivery is queued (durably, with a durable queue), to the ids of the deliveries in the API.
 * `options.webhookIds` limits it to some webhooks (an alert's `webhook_ids`): those still have to be
 * active and subscribed to `type`.
 * Callers (alerts, experiments) call it once per occurrence; it does not deduplicate.
 */
export async function dispatchWebhookEvent<T extends WebhookEventType>(
  deps: WebhookDispatchDeps,
  projectId: number,
  type: T,
  data: WebhookEventData<T>,
  options: DispatchOptions = {},
): Promise<{ deliveries: number[] }> {
  const jobs = requireJobs(deps.jobs);
  const hooks = await subscribedWebhooks(deps.config, projectId, type, options.webhookIds);
  const body = JSON.stringify({ type, timestamp: new Date(deps.clock()).toISOString(), project_id: projectId, data });
  const deliveries: number[] = [];
  for (const hook of hooks) deliveries.push((await createDelivery(deps.config, jobs, hook, type, body)).id);
  return { deliveries };
}
