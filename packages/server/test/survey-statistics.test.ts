import { describe, expect, it } from 'vitest';
import { meanEstimate, npsEstimate, tQuantile975, wilsonInterval } from '../src/services/surveys/survey-statistics.js';

describe('survey statistics', () => {
  it("gives Student's t quantile of 0.975 as scipy's stats.t.ppf does, within 1e-5", () => {
    // scipy 1.17: stats.t.ppf(0.975, df)
    const reference: [number, number][] = [
      [1, 12.706205],
      [2, 4.302653],
      [9, 2.262157],
      [30, 2.042272],
      [31, 2.039513],
      [40, 2.021075],
      [100, 1.983972],
      [1000, 1.962339],
    ];
    for (const [degrees, t] of reference) expect(Math.abs(tQuantile975(degrees) - t), `df ${degrees}`).toBeLessThan(1e-5);
  });

  it('gives the Wilson interval of a proportion, inside [0, 1] at 0 and n', () => {
    // 8 of 10: the textbook 95 % Wilson interval [0.490, 0.943]
    const [low, high] = wilsonInterval(8, 10);
    expect(low).toBeCloseTo(0.4902, 4);
    expect(high).toBeCloseTo(0.9433, 4);
    expect(wilsonInterval(0, 5)[0]).toBe(0);
    expect(wilsonInterval(5, 5)[1]).toBe(1);
    expect(wilsonInterval(5, 5)[0]).toBeGreaterThan(0.5);
  });

  it('scores NPS as promoters minus detractors in % of answers, with an adjusted Wald interval around it', () => {
    const estimate = npsEstimate(50, 30, 20)!;
    expect(estimate.score).toBe(30);
    // adjusted: p = 51/103, d = 21/103; centre 29.13; half 1.96 * 100 * sqrt((p + d - (p - d)^2) / 103)
    const p = 51 / 103;
    const d = 21 / 103;
    const half = 1.959963984540054 * 100 * Math.sqrt((p + d - (p - d) ** 2) / 103);
    expect(estimate.interval[0]).toBeCloseTo(100 * (p - d) - half, 10);
    expect(estimate.interval[1]).toBeCloseTo(100 * (p - d) + half, 10);
    expect(estimate.interval[0]).toBeLessThan(30);
    expect(estimate.interval[1]).toBeGreaterThan(30);
  });

  it('keeps the NPS interval inside [-100, 100] and wide for a few answers; null without answers', () => {
    const three = npsEstimate(3, 0, 0)!;
    expect(three.score).toBe(100);
    expect(three.interval[1]).toBe(100);
    expect(three.interval[0]).toBeLessThan(50);
    expect(npsEstimate(0, 0, 0)).toBeNull();
  });

  it('averages ratings with a t interval; no interval below two answers; null without answers', () => {
    // 1, 2, 3, 4, 5: mean 3, s = sqrt(2.5), half = 2.776445 * sqrt(2.5) / sqrt(5)
    const counts = [1, 2, 3, 4, 5].map((value) => ({ value, count: 1 }));
    const estimate = meanEstimate(counts, { min: 1, max: 5 })!;
    expect(estimate.value).toBe(3);
    const half = (2.776445 * Math.sqrt(2.5)) / Math.sqrt(5);
    expect(estimate.interval![0]).toBeCloseTo(3 - half, 6);
    expect(estimate.interval![1]).toBeCloseTo(3 + half, 6);
    expect(meanEstimate([{ value: 4, count: 1 }], { min: 1, max: 5 })).toEqual({ value: 4, interval: null });
    expect(meanEstimate([], { min: 1, max: 5 })).toBeNull();
    // clamped to the scale
    expect(
      meanEstimate(
        [
          { value: 1, count: 1 },
          { value: 5, count: 1 },
        ],
        { min: 1, max: 5 },
      )!.interval,
    ).toEqual([1, 5]);
  });
});
