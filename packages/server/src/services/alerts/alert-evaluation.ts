import type { AlertTriggeredData } from '@northstar/core';
import type { ConfigStore, JsonObject, QueryEngine } from '../../ports/index.js';
import { alertSchema } from '../../schemas/documents/alert.js';
import type { AlertCondition, AlertData } from '../../schemas/documents/alert.js';
import { ZERO_WHEN_EMPTY_METRICS } from '../../schemas/event-query.js';
import { clearPending, readState, sendPending, writeState } from '../evaluation-state.js';
import type { WebhookEventSink } from '../webhook-event-sink.js';
import { lastCompleteWindow } from './alert-window.js';
import type { AlertWindow } from './alert-window.js';

export interface AlertEvaluationDeps {
  config: ConfigStore;
  queryEngine: QueryEngine;
  clock: () => number;
  webhooks: WebhookEventSink;
}

/** One evaluation as recorded in the alert's history (an `alert_history` document). */
export interface AlertHistoryEntry {
  evaluated_at: string;
  window_start: string;
  window_end: string;
  /** The measured value; null when the metric has no value for an empty window (avg, min, max, percentiles, per_user). */
  value: number | null;
  condition_met: boolean;
  /** True on the evaluation where the condition started to hold (false → true): `alert_triggered` was sent. */
  fired: boolean;
}

/** `skipped`: the alert is gone or inactive, or this window was already evaluated (by another worker, too). */
export type AlertEvaluation = { skipped: true } | ({ skipped: false } & AlertHistoryEntry);

const SYMBOLS: Record<AlertCondition, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

function holds(condition: AlertCondition, value: number, threshold: number): boolean {
  switch (condition) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}

/** The alert's metric over one window, run by the query engine as a one-bucket segmentation in UTC. */
async function measure(engine: QueryEngine, projectId: number, alert: AlertData, window: AlertWindow): Promise<number | null> {
  const rows = await engine.run({
    kind: 'segmentation',
    projectId,
    events: [alert.event],
    metric: alert.metric,
    property: alert.property,
    interval: alert.interval,
    timeZone: 'UTC',
    from: window.from,
    to: window.to,
    filters: alert.filters,
  });
  const row = rows.find((candidate) => candidate.event === alert.event);
  if (row) return row.value;
  return ZERO_WHEN_EMPTY_METRICS.includes(alert.metric) ? 0 : null;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Evaluates an alert on the last completed window of its interval at `at` (default: now): measures the
 * value, applies the condition, and fires `alert_triggered` when the condition starts to hold (the
 * state was not firing), not while it keeps holding. The `alert_state` document keeps `firing` and the
 * last window evaluated, written with a version check: of evaluators racing for one window, one wins;
 * the others skip it, so a window is evaluated and recorded once. The event rides in the state as
 * `pending` until sent, so a failed send is retried by the next evaluation: at least once.
 */
export async function evaluateAlert(deps: AlertEvaluationDeps, projectId: number, alertId: number, at?: number): Promise<AlertEvaluation> {
  const record = await deps.config.getDocument({ projectId, kind: 'alert', id: alertId });
  const parsed = record ? alertSchema.safeParse(record.data) : undefined;
  if (!parsed?.success || !parsed.data.active) return { skipped: true };
  const alert = parsed.data;
  const window = lastCompleteWindow(alert.interval, at ?? deps.clock());
  const ref = { projectId, kind: 'alert_state' as const, ownerId: alertId };
  const emit = (data: AlertTriggeredData) => deps.webhooks.emit(projectId, { type: 'alert_triggered', data }, alert.webhook_ids);
  const state = await sendPending(deps.config, ref, await readState(deps.config, ref), (pending) => emit(pending as unknown as AlertTriggeredData));
  const lastEnd = typeof state?.data.window_end === 'string' ? Date.parse(state.data.window_end) : -Infinity;
  if (lastEnd >= window.to) return { skipped: true };
  const value = await measure(deps.queryEngine, projectId, alert, window);
  const met = value !== null && holds(alert.condition, value, alert.threshold);
  const fired = met && state?.data.firing !== true;
  const entry: AlertHistoryEntry = {
    evaluated_at: iso(deps.clock()),
    window_start: iso(window.from),
    window_end: iso(window.to),
    value,
    condition_met: met,
    fired,
  };
  const event: AlertTriggeredData | null =
    fired && value !== null
      ? { alert_id: alertId, alert_name: alert.name, value, threshold: alert.threshold, condition: `value ${SYMBOLS[alert.condition]} threshold` }
      : null;
  // The event is recorded as pending with the state that fires it: an evaluation that fails to send it leaves it for the next one.
  const stateData = { firing: met, window_end: entry.window_end, value, evaluated_at: entry.evaluated_at, pending: event as unknown as JsonObject | null };
  const written = await writeState(deps.config, ref, state, stateData);
  if (!written) return { skipped: true };
  await deps.config.createDocument({ project_id: projectId, kind: 'alert_history', parent_id: alertId, data: entry as unknown as JsonObject });
  if (event) {
    await emit(event);
    await clearPending(deps.config, ref, written);
  }
  return { skipped: false, ...entry };
}
