import type { ExperimentSignificantData } from '@northstar/core';
import type { ConfigStore, JsonObject, QueryEngine } from '../../ports/index.js';
import type { ExperimentResults } from '../../schemas/experiment-results.js';
import { clearPending, readState, sendPending, writeState } from '../evaluation-state.js';
import type { WebhookEventSink } from '../webhook-event-sink.js';
import { experimentResults } from './experiment-results.js';

export interface ExperimentEvaluationDeps {
  config: ConfigStore;
  queryEngine: QueryEngine;
  clock: () => number;
  webhooks: WebhookEventSink;
}

/** What one evaluation did: `skipped` when the experiment is gone or not running. */
export type ExperimentEvaluation = { skipped: true } | { skipped: false; results: ExperimentResults; fired: boolean };

/**
 * Evaluates a running experiment and fires `experiment_significant` the first time its verdict is
 * significant, never again: the `experiment_state` document records the firing, written with a
 * version check so that of two concurrent evaluators only one fires, and keeps the event as `pending`
 * until it is sent (a failed send is retried by the next evaluation).
 */
export async function evaluateExperiment(deps: ExperimentEvaluationDeps, projectId: number, experimentId: number): Promise<ExperimentEvaluation> {
  const record = await deps.config.getDocument({ projectId, kind: 'experiment', id: experimentId });
  if (!record || record.data.status !== 'running') return { skipped: true };
  const ref = { projectId, kind: 'experiment_state' as const, ownerId: experimentId };
  const emit = (data: ExperimentSignificantData) => deps.webhooks.emit(projectId, { type: 'experiment_significant', data });
  const state = await sendPending(deps.config, ref, await readState(deps.config, ref), (pending) => emit(pending as unknown as ExperimentSignificantData));
  const results = await experimentResults(deps, record);
  const winner = results.variants.find((variant) => variant.variant === results.winner);
  if (typeof state?.data.fired_at === 'string') return { skipped: false, results, fired: false };
  if (results.verdict !== 'significant' || !winner || winner.p_value === null) return { skipped: false, results, fired: false };
  const lift = winner.lift ?? 0;
  const name = typeof record.data.name === 'string' ? record.data.name : '';
  const data: ExperimentSignificantData = {
    experiment_id: experimentId,
    experiment_name: name,
    variant: winner.variant,
    metric: results.goal_event,
    p_value: winner.p_value,
    lift,
  };
  // Recorded as pending with the firing: a send that fails is retried by the next evaluation.
  const fired = await writeState(deps.config, ref, state, { fired_at: new Date(deps.clock()).toISOString(), pending: data as unknown as JsonObject });
  if (!fired) return { skipped: false, results, fired: false };
  await emit(data);
  await clearPending(deps.config, ref, fired);
  return { skipped: false, results, fired: true };
}
