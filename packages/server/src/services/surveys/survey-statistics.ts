/**
 * The statistics of survey results (docs/surveys.md, "Statistics"): pure functions over answer
 * counts, every interval at 95 % confidence.
 */

/** The confidence of every interval of the results. */
export const CONFIDENCE_LEVEL = 0.95;
/** The standard normal quantile of 0.975. */
const Z = 1.959963984540054;

/** Student's t quantile of 0.975 for 1..30 degrees of freedom (six decimals). */
const T_975 = [
  12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.13145,
  2.119905, 2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.04523, 2.042272,
] as const;

/** An interval `[low, high]`. */
export type Interval = [low: number, high: number];

/**
 * Student's t quantile of 0.975 for `degrees` ≥ 1: the table up to 30, then the Cornish–Fisher
 * expansion in 1/ν (three terms; within 1e-5 of the exact value from ν = 31 on).
 */
export function tQuantile975(degrees: number): number {
  if (degrees <= T_975.length) return T_975[degrees - 1]!;
  const z3 = Z ** 3;
  const z5 = Z ** 5;
  const z7 = Z ** 7;
  const v = degrees;
  return Z + (z3 + Z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * Z) / (96 * v ** 2) + (3 * z7 + 19 * z5 + 17 * z3 - 15 * Z) / (384 * v ** 3);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The Wilson score interval of a proportion `count / n` (n > 0): inside [0, 1] and sensible at 0 and n. */
export function wilsonInterval(count: number, n: number): Interval {
  const p = count / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [clamp(centre - half, 0, 1), clamp(centre + half, 0, 1)];
}

export interface NpsEstimate {
  /** 100 × (promoters − detractors) / answers, in [−100, 100]. */
  score: number;
  interval: Interval;
}

/**
 * The Net Promoter Score of `promoters` (9–10), `passives` (7–8) and `detractors` (0–6), and its
 * interval: an adjusted Wald interval of the difference of two trinomial proportions — one
 * pseudo-answer added to each group (the trinomial form of Agresti–Coull's "add two successes and two
 * failures"), so that 3 answers of 10 do not give a zero-width interval — clamped to [−100, 100].
 * Null without answers.
 */
export function npsEstimate(promoters: number, passives: number, detractors: number): NpsEstimate | null {
  const n = promoters + passives + detractors;
  if (n === 0) return null;
  const score = (100 * (promoters - detractors)) / n;
  const adjusted = n + 3;
  const p = (promoters + 1) / adjusted;
  const d = (detractors + 1) / adjusted;
  const centre = 100 * (p - d);
  const half = 100 * Z * Math.sqrt((p + d - (p - d) ** 2) / adjusted);
  return { score, interval: [clamp(centre - half, -100, 100), clamp(centre + half, -100, 100)] };
}

export interface MeanEstimate {
  value: number;
  /** Null with fewer than two answers. */
  interval: Interval | null;
}

/**
 * The mean of answers given as counts per value, with Student's t interval (mean ± t·s/√n, s the
 * sample standard deviation) clamped to [min, max] of the scale. Null without answers.
 */
export function meanEstimate(counts: readonly { value: number; count: number }[], scale: { min: number; max: number }): MeanEstimate | null {
  const n = counts.reduce((sum, { count }) => sum + count, 0);
  if (n === 0) return null;
  const mean = counts.reduce((sum, { value, count }) => sum + value * count, 0) / n;
  if (n < 2) return { value: mean, interval: null };
  const variance = counts.reduce((sum, { value, count }) => sum + count * (value - mean) ** 2, 0) / (n - 1);
  const half = (tQuantile975(n - 1) * Math.sqrt(variance)) / Math.sqrt(n);
  return { value: mean, interval: [clamp(mean - half, scale.min, scale.max), clamp(mean + half, scale.min, scale.max)] };
}
