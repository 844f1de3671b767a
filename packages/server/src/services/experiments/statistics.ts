/**
 * The statistics of experiment results (docs/alerts-experiments.md): pure functions, no I/O.
 * The normal distribution by Hart's algorithm (double precision), its quantile by Acklam's algorithm with one Halley step,
 * and the chi-square tail by the regularized incomplete gamma function (series or continued fraction).
 */

/**
 * P(Z ≤ z) for a standard normal Z, to double precision: Hart's algorithm 5666 as given by
 * G. West, "Better approximations to cumulative normal functions" (2005).
 */
export function normalCdf(z: number): number {
  const x = Math.abs(z);
  let tail: number;
  if (x > 37) tail = 0;
  else {
    const e = Math.exp((-x * x) / 2);
    if (x < 7.07106781186547) {
      let n = 3.52624965998911e-2 * x + 0.700383064443688;
      n = n * x + 6.37396220353165;
      n = n * x + 33.912866078383;
      n = n * x + 112.079291497871;
      n = n * x + 221.213596169931;
      n = n * x + 220.206867912376;
      let d = 8.83883476483184e-2 * x + 1.75566716318264;
      d = d * x + 16.064177579207;
      d = d * x + 86.7807322029461;
      d = d * x + 296.564248779674;
      d = d * x + 637.333633378831;
      d = d * x + 793.826512519948;
      d = d * x + 440.413735824752;
      tail = (e * n) / d;
    } else {
      let d = x + 0.65;
      d = x + 4 / d;
      d = x + 3 / d;
      d = x + 2 / d;
      d = x + 1 / d;
      tail = e / d / 2.506628274631;
    }
  }
  return z > 0 ? 1 - tail : tail;
}

/** The z with `normalCdf(z) = p`, for 0 < p < 1 (Acklam, refined by one Halley step). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('normalQuantile needs 0 < p < 1');
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239] as const;
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572] as const;
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783] as const;
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416] as const;
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** One arm of a comparison: people exposed and, of them, people who converted. */
export interface Arm {
  exposures: number;
  conversions: number;
}

export interface ProportionTest {
  /** conversions / exposures of each arm (0 without exposures). */
  controlRate: number;
  variantRate: number;
  /** Relative change of the variant's rate against control's (0.2 = +20 %); null when control's rate is 0. */
  lift: number | null;
  /** The `1 - alpha` interval of `lift`: the unpooled (Wald) interval of the difference of rates, divided by control's rate; null when control's rate is 0. */
  liftInterval: [number, number] | null;
  /** The pooled two-proportion z statistic (0 when undefined: an empty arm, or both rates 0 or 1). */
  z: number;
  /** Two-sided p-value of `z` at one fixed look (the classic test, valid only if the data is looked at once). */
  pValue: number;
  /**
   * The always-valid p-value of this look (mixture SPRT on `z`, see `alwaysValidPValue`): it may be
   * compared with alpha at every evaluation without inflating the false-positive rate.
   */
  sequentialPValue: number;
}

/**
 * Spread of the mixture over effects, relative to the pooled rate: effects of about ±10 % of the base
 * rate (a 10 % conversion rate moving by about a point) weigh most (docs/alerts-experiments.md).
 */
export const MIXTURE_RELATIVE_EFFECT = 0.1;

/**
 * The always-valid p-value of the mixture sequential probability ratio test (Johari, Pekelis, Walsh,
 * "Always valid inference", 2017) for the difference of two rates, in its normal form: with `z` the
 * two-proportion statistic, `v` the variance of the difference under the null and `tau2` the variance
 * of the normal mixture over effects, the likelihood ratio is
 * `Λ = √(v / (v + τ²)) · exp(z² τ² / (2 (v + τ²)))` and `p = min(1, 1 / Λ)`. Rejecting when `p < alpha`
 * at any of any number of looks keeps the chance of ever rejecting a true null below alpha; at a single
 * look it asks for a larger |z| than the fixed-horizon test (about 3 instead of 1.96 at 10,000 per arm).
 */
export function alwaysValidPValue(z: number, v: number, tau2: number): number {
  if (!(v > 0) || !(tau2 > 0)) return 1;
  const logLambda = 0.5 * Math.log(v / (v + tau2)) + (z * z * tau2) / (2 * (v + tau2));
  return Math.min(1, Math.exp(-logLambda));
}

const rateOf = (arm: Arm): number => (arm.exposures > 0 ? arm.conversions / arm.exposures : 0);

/**
 * The two-proportion z-test of a variant against control: `z = (p₂ − p₁) / √(p̂(1 − p̂)(1/n₁ + 1/n₂))`
 * with the pooled rate `p̂`, two-sided p-value, and the lift with its `1 − alpha` interval.
 */
export function twoProportionTest(control: Arm, variant: Arm, alpha: number): ProportionTest {
  const controlRate = rateOf(control);
  const variantRate = rateOf(variant);
  const n1 = control.exposures;
  const n2 = variant.exposures;
  const pooled = n1 + n2 > 0 ? (control.conversions + variant.conversions) / (n1 + n2) : 0;
  const pooledSe = n1 > 0 && n2 > 0 ? Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) : 0;
  const z = pooledSe > 0 ? (variantRate - controlRate) / pooledSe : 0;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  const sequentialPValue = alwaysValidPValue(z, pooledSe * pooledSe, (MIXTURE_RELATIVE_EFFECT * pooled) ** 2);
  if (controlRate === 0) return { controlRate, variantRate, lift: null, liftInterval: null, z, pValue, sequentialPValue };
  const se = Math.sqrt((controlRate * (1 - controlRate)) / n1 + (variantRate * (1 - variantRate)) / Math.max(n2, 1));
  const margin = normalQuantile(1 - alpha / 2) * se;
  const difference = variantRate - controlRate;
  return {
    controlRate,
    variantRate,
    lift: difference / controlRate,
    liftInterval: [(difference - margin) / controlRate, (difference + margin) / controlRate],
    z,
    pValue,
    sequentialPValue,
  };
}

/** ln Γ(x) for x > 0 (Lanczos, Numerical Recipes `gammln`). */
function logGamma(x: number): number {
  const coefficients = [76.18009172947146, -86.50532032941678, 24.01409824083091, -1.231739572450155, 0.001208650973866179, -0.000005395239384953];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let series = 1.000000000190015;
  for (const coefficient of coefficients) series += coefficient / ++y;
  return -tmp + Math.log((2.5066282746310007 * series) / x);
}

/** The regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a). */
function upperGammaRegularized(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * Math.exp(lnPrefix));
  }
  // Lentz's continued fraction for Q.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(lnPrefix) * h);
}

/** P(X ≥ statistic) for X chi-square with `degrees` degrees of freedom. */
export function chiSquareTail(statistic: number, degrees: number): number {
  return upperGammaRegularized(degrees / 2, statistic / 2);
}

/**
 * Sample-ratio mismatch: the chi-square goodness-of-fit p-value of the observed exposures against the
 * expected shares (any positive weights, normalised here). 1 when nobody is exposed.
 */
export function sampleRatioPValue(observed: readonly number[], weights: readonly number[]): number {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0 || weightSum <= 0 || observed.length < 2) return 1;
  let statistic = 0;
  observed.forEach((count, index) => {
    const expected = (total * (weights[index] ?? 0)) / weightSum;
    statistic += expected > 0 ? (count - expected) ** 2 / expected : count > 0 ? Infinity : 0;
  });
  return Number.isFinite(statistic) ? chiSquareTail(statistic, observed.length - 1) : 0;
}
