import { randomUUID } from 'node:crypto';
import { ServiceUnavailableError } from '../errors/index.js';
import type { ConfigStore, DocumentRecord, JobQueue, JsonObject } from '../ports/index.js';

/** The queue of webhook deliveries (one job per delivery run). */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook.delivery';

/** Event type of the "send test event" action. */
export const WEBHOOK_TEST_EVENT = 'webhook_test';

/** One attempt as logged on its delivery. */
export interface DeliveryAttempt {
  attempt: number;
  run: number;
  at: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
  next_attempt_in_ms: number | null;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed' | 'cancelled';

/** `data` of a `webhook_delivery` document. */
export interface DeliveryData {
  delivery_id: string;
  event_type: string;
  test: boolean;
  status: DeliveryStatus;
  /** The exact body, sent unchanged by every attempt and replay. */
  body: string;
  /** 1 + the number of replays. */
  runs: number;
  attempts: DeliveryAttempt[];
}

/** What a delivery job carries. */
export interface DeliveryJob {
  project_id: number;
  webhook_id: number;
  delivery: number;
  run: number;
}

export function deliveryDataOf(record: DocumentRecord): DeliveryData {
  return record.data as unknown as DeliveryData;
}

export function requireJobs(jobs: JobQueue | undefined): JobQueue {
  if (!jobs) throw new ServiceUnavailableError('Webhook deliveries need a job queue: the storage has no "jobs" port');
  return jobs;
}

/** Queues run `run` of a delivery; the idempotency key makes a repeated call a no-op. */
export async function enqueueDelivery(jobs: JobQueue, record: DocumentRecord, run: number): Promise<void> {
  const payload: DeliveryJob = { project_id: record.project_id, webhook_id: record.parent_id ?? 0, delivery: record.id, run };
  await jobs.enqueue({
    queue: WEBHOOK_DELIVERY_QUEUE,
    payload: payload as unknown as JsonObject,
    idempotencyKey: `${deliveryDataOf(record).delivery_id}:${run}`,
  });
}

/**
 * Records a delivery of `body` to `webhook` (its log, readable at `.../deliveries`) and queues it. The
 * delivery id, sent as `X-Webhook-Id`, is fixed here: the same on every attempt and replay.
 */
export async function createDelivery(
  config: ConfigStore,
  jobs: JobQueue,
  webhook: DocumentRecord,
  eventType: string,
  body: string,
  test = false,
): Promise<DocumentRecord> {
  const data: DeliveryData = { delivery_id: `msg_${randomUUID()}`, event_type: eventType, test, status: 'pending', body, runs: 1, attempts: [] };
  const record = await config.createDocument({
    project_id: webhook.project_id,
    kind: 'webhook_delivery',
    parent_id: webhook.id,
    data: data as unknown as JsonObject,
  });
  await enqueueDelivery(jobs, record, 1);
  return record;
}
