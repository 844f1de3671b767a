import { describe, expect, it } from 'vitest';
import {
  HEATMAP_MAX_BAND_MS,
  heatmapCell,
  heatmapContribution,
  heatmapScrollStep,
  heatmapUrlLikePattern,
  heatmapUrlMatcher,
  heatmapUrlProblem,
} from '../src/index.js';

describe('heatmap cells', () => {
  it('puts a click fraction in one of 50 cells, read in thousandths (0.58 is cell 29, not 28)', () => {
    expect([0, 0.019, 0.02, 0.5, 0.519, 0.58, 0.999, 1].map(heatmapCell)).toEqual([0, 0, 1, 25, 25, 29, 49, 49]);
  });

  it('puts a scroll reach in one of 21 steps of 5 %', () => {
    expect([0, 0.049, 0.05, 0.5, 0.999, 1].map(heatmapScrollStep)).toEqual([0, 0, 1, 10, 19, 20]);
  });

  it("reads an event's page, width bucket and payload; attention whole and capped per band", () => {
    const str = { $pathname: '/p', $heatmap: JSON.stringify({ v: 1, c: [['#a', 0.5, 1]], s: 0.3, a: [1.6, 0, 1e12] }) };
    expect(heatmapContribution(str, { $heatmap_width: 1300 })).toEqual({
      path: '/p',
      width: 1200,
      clicks: [['#a', 25, 49]],
      scrollStep: 6,
      attention: [2, 0, HEATMAP_MAX_BAND_MS, ...Array<number>(17).fill(0)],
    });
  });

  it('adds nothing for an event without a page, a width or a well-formed payload', () => {
    const payload = JSON.stringify({ v: 1, s: 1 });
    expect(heatmapContribution({ $heatmap: payload }, { $heatmap_width: 1200 })).toBeNull();
    expect(heatmapContribution({ $pathname: '/', $heatmap: payload }, {})).toBeNull();
    expect(heatmapContribution({ $pathname: '/', $heatmap: '{' }, { $heatmap_width: 1200 })).toBeNull();
    expect(heatmapContribution({ $pathname: '/', $heatmap: payload }, { $heatmap_width: -5 })).toBeNull();
  });
});

describe('heatmap URL patterns', () => {
  const matches = (pattern: string, paths: string[]) => paths.filter(heatmapUrlMatcher(pattern));
  const paths = ['/', '/docs', '/docs/', '/docs/intro', '/docs/a/intro', '/docsx', '/p/1', '/p/1/r', '/P/1', '/a.b', '/a+b'];

  it.each([
    ['/docs', ['/docs']],
    ['/docs/*', ['/docs/', '/docs/intro']],
    ['/docs/**', ['/docs', '/docs/', '/docs/intro', '/docs/a/intro']],
    ['/docs/**/intro', ['/docs/intro', '/docs/a/intro']],
    ['/docs*', ['/docs', '/docsx']],
    ['/*/1', ['/p/1', '/P/1']],
    ['/**', paths],
    ['/*', ['/', '/docs', '/docsx', '/a.b', '/a+b']],
    ['/a.b', ['/a.b']],
    ['/p/**1', ['/p/1']],
    ['/***', paths],
  ])('%s matches %j', (pattern, expected) => {
    expect(matches(pattern, paths)).toEqual(expected);
  });

  it('matches a long path against many wildcards without backtracking blow-up', () => {
    const path = `/${'a'.repeat(8000)}`;
    expect(heatmapUrlMatcher('/*a*a*a*a*a*a*a*a*b')(path)).toBe(false);
    expect(heatmapUrlMatcher('/**a**a**a**a**a**b')(path)).toBe(false);
  });

  it('refuses patterns that are not paths, too long or too wild', () => {
    expect(heatmapUrlProblem('/ok/*')).toBeUndefined();
    expect(heatmapUrlProblem('ok')).toBe('url must be a path pattern starting with /');
    expect(heatmapUrlProblem(`/${'x'.repeat(1000)}`)).toBe('url is longer than 1000 characters');
    expect(heatmapUrlProblem('/*'.repeat(11))).toBe('url holds more than 10 wildcards');
  });

  it('narrows pages with a LIKE pattern that lets every match through and escapes LIKE characters', () => {
    expect(heatmapUrlLikePattern('/docs/**')).toBe('/docs%');
    expect(heatmapUrlLikePattern('/a%b_c!/*/x')).toBe('/a!%b!_c!!/%/x');
    expect(heatmapUrlLikePattern('/**/*')).toBe('%/%');
  });
});
