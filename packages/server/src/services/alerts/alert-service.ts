import { NotFoundError } from '../../errors/index.js';
import type { ConfigStore, QueryEngine } from '../../ports/index.js';
import type { PageQuery } from '../../schemas/documents/common.js';
import type { WebhookEventSink } from '../webhook-event-sink.js';
import { evaluateAlert } from './alert-evaluation.js';
import type { AlertEvaluation, AlertHistoryEntry } from './alert-evaluation.js';

/** A history entry as listed: the entry with its document's id and the alert's id. */
export type ShownAlertHistoryEntry = AlertHistoryEntry & { id: number; alert_id: number };

export interface AlertHistoryPage {
  items: ShownAlertHistoryEntry[];
  next: number | null;
}

/** Alert evaluation and history (docs/alerts-experiments.md); the alerts themselves are documents. */
export interface AlertService {
  /** The alert's evaluations, oldest first (keyset by id); 404 for an alert not in the project. */
  history(projectId: number, alertId: number, page: PageQuery): Promise<AlertHistoryPage>;
  /** Evaluates the last window completed at `at` (default now), once per window across evaluators. */
  evaluate(projectId: number, alertId: number, at?: number): Promise<AlertEvaluation>;
}

export interface AlertServiceDeps {
  config: ConfigStore;
  queryEngine: QueryEngine;
  clock: () => number;
  webhooks: WebhookEventSink;
}

export function alertService(deps: AlertServiceDeps): AlertService {
  const { config } = deps;
  return {
    async history(projectId, alertId, page) {
      const alert = await config.getDocument({ projectId, kind: 'alert', id: alertId });
      if (!alert) throw new NotFoundError(`No alert ${alertId} in this project`);
      const result = await config.listDocuments({ projectId, kind: 'alert_history', parentId: alertId, after: page.after, limit: page.limit });
      const items = result.items.map((record) => ({ id: record.id, alert_id: alertId, ...(record.data as unknown as AlertHistoryEntry) }));
      return { items, next: result.next };
    },
    evaluate: (projectId, alertId, at) => evaluateAlert(deps, projectId, alertId, at),
  };
}
