import { sampleRatioPValue, twoProportionTest } from './statistics.js';
import type { Arm } from './statistics.js';

/** Below this sample-ratio p-value the split is off and no verdict is given (docs/alerts-experiments.md). */
export const SRM_P_VALUE_THRESHOLD = 0.001;

export type ExperimentVerdict = 'significant' | 'not_significant' | 'insufficient_sample' | 'sample_ratio_mismatch';

export interface VerdictInput {
  /** Variant keys; the first is the control. */
  variants: readonly string[];
  /** People exposed and converted, per variant (same order). */
  arms: readonly Arm[];
  /** Expected share of each variant (any positive weights, same order). */
  weights: readonly number[];
  /** Family-wise significance level, split evenly over the comparisons with control (Bonferroni). */
  alpha: number;
  /** Exposures every variant needs before any verdict. */
  minSamplePerVariant: number;
}

export interface VariantResult {
  variant: string;
  control: boolean;
  exposures: number;
  conversions: number;
  rate: number;
  /** Against control; null for control itself and when control's rate is 0. */
  lift: number | null;
  lift_interval: [number, number] | null;
  /**
   * The always-valid p-value of the two-proportion z statistic against control (mixture SPRT): the one
   * the verdict compares with the level, valid however often the results are looked at; null for control.
   */
  p_value: number | null;
  /** The classic two-sided p-value of the same z at one fixed look (for reference; not used for the verdict); null for control. */
  fixed_horizon_p_value: number | null;
  /** The pooled two-proportion z statistic against control; null for control. */
  z: number | null;
  /** p_value below the per-comparison level, with every gate passed. */
  significant: boolean;
}

export interface VerdictResult {
  verdict: ExperimentVerdict;
  /** The per-comparison level: alpha / (variants − 1). */
  comparison_alpha: number;
  sample_ratio: { p_value: number; expected_shares: number[]; mismatch: boolean };
  variants: VariantResult[];
  /** The significant variant with the smallest p-value, when the verdict is `significant`. */
  winner: VariantResult | null;
}

/**
 * The verdict of an experiment from its counts: a sample-ratio mismatch blocks it, then too small a
 * sample, then each variant's two-proportion z statistic against control, judged by its always-valid
 * (mixture SPRT) p-value at alpha / (variants − 1).
 */
export function experimentVerdict(input: VerdictInput): VerdictResult {
  const { variants, arms, alpha, minSamplePerVariant } = input;
  const weightSum = input.weights.reduce((sum, weight) => sum + weight, 0);
  const expectedShares = input.weights.map((weight) => (weightSum > 0 ? weight / weightSum : 1 / variants.length));
  const srmP = sampleRatioPValue(
    arms.map((arm) => arm.exposures),
    expectedShares,
  );
  const mismatch = srmP < SRM_P_VALUE_THRESHOLD;
  const enough = arms.every((arm) => arm.exposures >= minSamplePerVariant);
  const comparisonAlpha = alpha / Math.max(1, variants.length - 1);
  const control = arms[0] ?? { exposures: 0, conversions: 0 };
  const results = variants.map((variant, index): VariantResult => {
    const arm = arms[index] ?? { exposures: 0, conversions: 0 };
    const rate = arm.exposures > 0 ? arm.conversions / arm.exposures : 0;
    const base = { variant, control: index === 0, exposures: arm.exposures, conversions: arm.conversions, rate };
    if (index === 0) return { ...base, lift: null, lift_interval: null, p_value: null, fixed_horizon_p_value: null, z: null, significant: false };
    const test = twoProportionTest(control, arm, comparisonAlpha);
    // Evaluated every hour while the experiment runs: only the always-valid p-value keeps alpha across those looks.
    const significant = !mismatch && enough && test.sequentialPValue < comparisonAlpha;
    return {
      ...base,
      lift: test.lift,
      lift_interval: test.liftInterval,
      p_value: test.sequentialPValue,
      fixed_horizon_p_value: test.pValue,
      z: test.z,
      significant,
    };
  });
  const winner = results.filter((result) => result.significant).sort((a, b) => (a.p_value ?? 1) - (b.p_value ?? 1))[0] ?? null;
  const verdict: ExperimentVerdict = mismatch ? 'sample_ratio_mismatch' : !enough ? 'insufficient_sample' : winner ? 'significant' : 'not_significant';
  return { verdict, comparison_alpha: comparisonAlpha, sample_ratio: { p_value: srmP, expected_shares: expectedShares, mismatch }, variants: results, winner };
}
