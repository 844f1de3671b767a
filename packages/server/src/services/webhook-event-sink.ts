import type { AlertTriggeredData, ExperimentSignificantData } from '@northstar/core';

/** An event for the project's webhooks, by type (spec 2.4, docs/decisions.md). */
export type WebhookEvent = { type: 'alert_triggered'; data: AlertTriggeredData } | { type: 'experiment_significant'; data: ExperimentSignificantData };

/**
 * Where the scheduled evaluations send their events: the webhook delivery of the app, which enqueues
 * one delivery per active webhook of the project subscribed to the type (restricted to `webhookIds`
 * when given: an alert notifies only its own webhooks).
 */
export interface WebhookEventSink {
  emit(projectId: number, event: WebhookEvent, webhookIds?: readonly number[]): Promise<void>;
}
