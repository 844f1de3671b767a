import { z } from 'zod';

const variantResultSchema = z.object({
  variant: z.string(),
  control: z.boolean().meta({ description: 'True for the first variant of the experiment.' }),
  exposures: z.int().meta({ description: 'Distinct people with the exposure event carrying this variant.' }),
  conversions: z.int().meta({ description: 'Of them, people with the goal event after an exposure.' }),
  rate: z.number().meta({ description: 'conversions / exposures (0 without exposures).' }),
  lift: z
    .number()
    .nullable()
    .meta({ description: "Relative change of the rate against control's (0.2 = +20 %); null for control and when control's rate is 0." }),
  lift_interval: z
    .tuple([z.number(), z.number()])
    .nullable()
    .meta({ description: "The 1 − comparison_alpha interval of lift: the unpooled interval of the difference of rates over control's rate." }),
  p_value: z.number().nullable().meta({
    description:
      'The always-valid p-value of the two-proportion z statistic against control (mixture SPRT): valid however often the results are looked at, and the one the verdict uses; null for control.',
  }),
  fixed_horizon_p_value: z
    .number()
    .nullable()
    .meta({ description: 'The classic two-sided p-value of z at one fixed look, for reference (not used for the verdict); null for control.' }),
  z: z.number().nullable().meta({ description: 'The pooled two-proportion z statistic against control; null for control.' }),
  significant: z.boolean().meta({ description: 'p_value < comparison_alpha, with no sample-ratio mismatch and every variant at its minimum sample.' }),
});

/** Answer of `GET /v1/projects/:projectId/experiments/:id/results` (docs/alerts-experiments.md). */
export const experimentResultsSchema = z
  .object({
    experiment_id: z.int(),
    status: z.string(),
    flag_key: z.string(),
    variant_property: z.string().meta({ description: 'The string property of the exposure event read as the variant: `$feature/<flag_key>`.' }),
    exposure_event: z.string(),
    goal_event: z.string(),
    from: z.string().nullable().meta({ description: 'Exposures counted from started_at (ISO 8601 UTC); null for a draft.' }),
    to: z.string().nullable().meta({ description: 'Exposures counted until ended_at, or now while running; null for a draft.' }),
    alpha: z.number(),
    comparison_alpha: z.number().meta({ description: 'alpha / (variants − 1): the level each variant is tested at (Bonferroni).' }),
    min_sample_per_variant: z.int(),
    verdict: z
      .enum(['not_started', 'sample_ratio_mismatch', 'insufficient_sample', 'not_significant', 'significant'])
      .meta({ description: 'In this order of precedence: a draft has no results; a mismatch blocks any verdict, then too small a sample.' }),
    sample_ratio: z.object({
      p_value: z.number().meta({ description: 'Chi-square goodness of fit of the exposures against expected_shares.' }),
      expected_shares: z
        .array(z.number())
        .meta({ description: "Per variant: the flag's weights of the variants, normalised; equal shares when the flag lacks one." }),
      mismatch: z.boolean().meta({ description: 'p_value < 0.001: the split is off and no verdict is given.' }),
    }),
    variants: z.array(variantResultSchema),
    winner: z.string().nullable().meta({ description: 'The significant variant with the smallest p-value; null unless the verdict is significant.' }),
  })
  .meta({
    examples: [
      {
        experiment_id: 7,
        status: 'running',
        flag_key: 'new-checkout',
        variant_property: '$feature/new-checkout',
        exposure_event: '$feature_flag_called',
        goal_event: 'purchase',
        from: '2024-05-01T10:00:00.000Z',
        to: '2024-05-15T10:00:00.000Z',
        alpha: 0.05,
        comparison_alpha: 0.05,
        min_sample_per_variant: 100,
        verdict: 'significant',
        sample_ratio: { p_value: 0.62, expected_shares: [0.5, 0.5], mismatch: false },
        variants: [
          {
            variant: 'control',
            control: true,
            exposures: 10010,
            conversions: 1001,
            rate: 0.1,
            lift: null,
            lift_interval: null,
            p_value: null,
            fixed_horizon_p_value: null,
            z: null,
            significant: false,
          },
          {
            variant: 'test',
            control: false,
            exposures: 9990,
            conversions: 1199,
            rate: 0.12,
            lift: 0.2,
            lift_interval: [0.11, 0.29],
            p_value: 0.0004,
            fixed_horizon_p_value: 0.000006,
            z: 4.52,
            significant: true,
          },
        ],
        winner: 'test',
      },
    ],
  });

export type ExperimentResults = z.infer<typeof experimentResultsSchema>;
