import type { ConfigStore, QueryEngine } from '../../ports/index.js';
import type { ExperimentResults } from '../../schemas/experiment-results.js';
import type { WebhookEventSink } from '../webhook-event-sink.js';
import { evaluateExperiment } from './experiment-evaluation.js';
import type { ExperimentEvaluation } from './experiment-evaluation.js';
import { experimentResults, loadExperiment } from './experiment-results.js';

/** Experiment results and their scheduled evaluation (docs/alerts-experiments.md); experiments themselves are documents. */
export interface ExperimentService {
  /** Exposures, conversions, rates, lift with its interval, p-values and the verdict; 404 for an experiment not in the project. */
  results(projectId: number, experimentId: number): Promise<ExperimentResults>;
  /** Evaluates a running experiment; fires `experiment_significant` the first time it is significant. */
  evaluate(projectId: number, experimentId: number): Promise<ExperimentEvaluation>;
}

export interface ExperimentServiceDeps {
  config: ConfigStore;
  queryEngine: QueryEngine;
  clock: () => number;
  webhooks: WebhookEventSink;
}

export function experimentService(deps: ExperimentServiceDeps): ExperimentService {
  return {
    results: async (projectId, experimentId) => experimentResults(deps, await loadExperiment(deps.config, projectId, experimentId)),
    evaluate: (projectId, experimentId) => evaluateExperiment(deps, projectId, experimentId),
  };
}
