import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { descriptionField, nameField, requiredText } from './common.js';

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
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
