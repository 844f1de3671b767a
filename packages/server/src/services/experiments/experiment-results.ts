import { NotFoundError } from '../../errors/index.js';
import type { ConfigStore, DocumentRecord, QueryEngine } from '../../ports/index.js';
import { experimentSchema } from '../../schemas/documents/experiment.js';
import { flagDataSchema } from '../../schemas/documents/flag.js';
import type { ExperimentResults } from '../../schemas/experiment-results.js';
import { countArms, variantProperty } from './experiment-counts.js';
import { experimentVerdict } from './experiment-verdict.js';

export interface ExperimentResultsDeps {
  config: ConfigStore;
  queryEngine: QueryEngine;
  /** Epoch ms. */
  clock: () => number;
}

/** The experiment document of the project, or 404 as the resource routes answer it. */
export async function loadExperiment(config: ConfigStore, projectId: number, id: number): Promise<DocumentRecord> {
  const record = await config.getDocument({ projectId, kind: 'experiment', id });
  if (!record) throw new NotFoundError(`No experiment ${id} in this project`);
  return record;
}

/** The flag's weights of the experiment's variants when it weighs each of them; else equal shares. */
async function expectedWeights(config: ConfigStore, projectId: number, flagKey: string, variants: readonly string[]): Promise<number[]> {
  const equal = variants.map(() => 1);
  const flag = await config.findDocumentByKey(projectId, 'flag', flagKey);
  const parsed = flag ? flagDataSchema.safeParse(flag.data) : undefined;
  if (!parsed?.success) return equal;
  const weights = variants.map((variant) => parsed.data.variants.find((candidate) => candidate.key === variant)?.weight ?? 0);
  return weights.every((weight) => weight > 0) ? weights : equal;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Results of an experiment document (docs/alerts-experiments.md): counts from the query engine, then the verdict. */
export async function experimentResults(deps: ExperimentResultsDeps, record: DocumentRecord): Promise<ExperimentResults> {
  const stored = record.data;
  const experiment = experimentSchema.parse({ ...stored, started_at: undefined, ended_at: undefined });
  const startedAt = typeof stored.started_at === 'string' ? Date.parse(stored.started_at) : NaN;
  const endedAt = typeof stored.ended_at === 'string' ? Date.parse(stored.ended_at) : NaN;
  const started = Number.isFinite(startedAt);
  const from = started ? startedAt : 0;
  const to = Number.isFinite(endedAt) ? endedAt : Math.max(from, deps.clock());
  const arms = started
    ? await countArms(deps.queryEngine, {
        projectId: record.project_id,
        flagKey: experiment.flag_key,
        exposureEvent: experiment.exposure_event,
        goalEvent: experiment.goal_event,
        variants: experiment.variants,
        from,
        to,
      })
    : experiment.variants.map(() => ({ exposures: 0, conversions: 0 }));
  const verdict = experimentVerdict({
    variants: experiment.variants,
    arms,
    weights: await expectedWeights(deps.config, record.project_id, experiment.flag_key, experiment.variants),
    alpha: experiment.alpha,
    minSamplePerVariant: experiment.min_sample_per_variant,
  });
  return {
    experiment_id: record.id,
    status: experiment.status,
    flag_key: experiment.flag_key,
    variant_property: variantProperty(experiment.flag_key),
    exposure_event: experiment.exposure_event,
    goal_event: experiment.goal_event,
    from: started ? iso(from) : null,
    to: started ? iso(to) : null,
    alpha: experiment.alpha,
    comparison_alpha: verdict.comparison_alpha,
    min_sample_per_variant: experiment.min_sample_per_variant,
    verdict: started ? verdict.verdict : 'not_started',
    sample_ratio: verdict.sample_ratio,
    variants: verdict.variants,
    winner: started ? (verdict.winner?.variant ?? null) : null,
  };
}
