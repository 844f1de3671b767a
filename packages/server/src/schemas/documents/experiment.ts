import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { descriptionField, nameField, requiredText } from './common.js';

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
/** The exposure event when none is given: what an SDK sends when it reads a flag. */
export const DEFAULT_EXPOSURE_EVENT = '$feature_flag_called';
/** Variants of one experiment; the first is the control. */
export const MAX_EXPERIMENT_VARIANTS = 10;

/** The fields of an experiment, as written by clients; `started_at`/`ended_at` are set by the server. */
export const experimentFields = z.object({
  name: nameField,
  description: descriptionField,
  flag_key: requiredText('flag_key').meta({ description: 'The feature flag that assigns the variants.' }),
  variants: z
    .array(requiredText('variants[]', 100), { error: 'variants must be an array of strings' })
    .min(2, 'variants must hold at least two variants')
    .max(MAX_EXPERIMENT_VARIANTS, `variants holds more than ${MAX_EXPERIMENT_VARIANTS} variants`)
    .meta({ description: 'Variant keys of the flag; the first is the control.' }),
  goal_event: requiredText('goal_event', LIMITS.maxEventNameLength).meta({ description: 'The conversion event compared between variants.' }),
  exposure_event: requiredText('exposure_event', LIMITS.maxEventNameLength)
    .default(DEFAULT_EXPOSURE_EVENT)
    .meta({
      description: `The event that exposes a person to a variant; the variant is its string property \`$feature/<flag_key>\` (docs/alerts-experiments.md). @default ${DEFAULT_EXPOSURE_EVENT}`,
    }),
  alpha: z
    .number({ error: 'alpha must be a number' })
    .min(0.001, 'alpha must be 0.001-0.2')
    .max(0.2, 'alpha must be 0.001-0.2')
    .default(0.05)
    .meta({ description: 'Significance level of the experiment, split evenly over the comparisons with control.' }),
  min_sample_per_variant: z
    .int({ error: 'min_sample_per_variant must be an integer' })
    .min(1, 'min_sample_per_variant must be 1-10000000')
    .max(10_000_000, 'min_sample_per_variant must be 1-10000000')
    .default(100)
    .meta({ description: 'Exposed people every variant needs before a verdict.' }),
  status: z
    .enum(EXPERIMENT_STATUSES, { error: `status must be one of ${EXPERIMENT_STATUSES.join(', ')}` })
    .default('draft')
    .meta({ description: 'draft → running → stopped (or draft → stopped); stopped is final.' }),
});

export const experimentSchema = experimentFields.superRefine((experiment, ctx) => {
  if (new Set(experiment.variants).size !== experiment.variants.length)
    ctx.addIssue({ code: 'custom', path: ['variants'], message: 'variants holds a variant twice' });
});

/** Set by the server when the status changes. */
export const experimentServerFields = {
  started_at: z.string().nullable().meta({ description: 'When the status became running (ISO 8601 UTC); null before.' }),
  ended_at: z.string().nullable().meta({ description: 'When the status became stopped (ISO 8601 UTC); null before.' }),
};

export type ExperimentData = z.infer<typeof experimentSchema>;
