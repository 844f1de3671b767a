export type WebhookEventType = 'alert_triggered' | 'experiment_significant';

/** `data` of an `alert_triggered` delivery (spec 2.4). */
export interface AlertTriggeredData {
  alert_id: number;
  alert_name: string;
  value: number;
  threshold: number;
  /** A comparison against the threshold, e.g. `value > threshold`. */
  condition: string;
}

/** `data` of an `experiment_significant` delivery (not shown in the spec; decided in docs/decisions.md). */
export interface ExperimentSignificantData {
  experiment_id: number;
  experiment_name: string;
  /** The variant that differs significantly from control. */
  variant: string;
  /** Goal event of the experiment. */
  metric: string;
  p_value: number;
  /** Relative change of the variant against control, e.g. 0.12 for +12 %. */
  lift: number;
}

interface WebhookEnvelope<T extends WebhookEventType, D> {
  type: T;
  /** ISO 8601 UTC time of emission. */
  timestamp: string;
  project_id: number;
  data: D;
}

/** Body of an outgoing webhook delivery. */
export type WebhookPayload = WebhookEnvelope<'alert_triggered', AlertTriggeredData> | WebhookEnvelope<'experiment_significant', ExperimentSignificantData>;
