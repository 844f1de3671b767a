import { describe, expect, it } from 'vitest';
import { compareCodePoints, rankGroups } from '../src/group-rank.js';

describe('code-point order', () => {
  it('orders by code point, not by UTF-16 unit: an astral character after U+FFFD', () => {
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect(['\u{1F600}', '\uFFFD', 'b', 'B', 'a'].sort(compareCodePoints)).toEqual(['B', 'a', 'b', '\uFFFD', '\u{1F600}']);
  });

  it('puts a prefix first', () => {
    expect(compareCodePoints('/docs', '/docs/a')).toBeLessThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
  });
});

describe('group ranking', () => {
  it('keeps the best groups by value, ranked from 1', () => {
    const values = new Map<string | null, number | null>([
      ['/a', 3],
      ['/b', 9],
      ['/c', 5],
    ]);
    expect([...rankGroups(values, 2)]).toEqual([
      ['/b', 1],
      ['/c', 2],
    ]);
  });

  it('breaks ties by code point, the absent property last', () => {
    const values = new Map<string | null, number | null>([
      [null, 4],
      ['\u{1F600}', 4],
      ['\uFFFD', 4],
      ['Z', 4],
      ['top', 7],
    ]);
    expect([...rankGroups(values, 10)]).toEqual([
      ['top', 1],
      ['Z', 2],
      ['\uFFFD', 3],
      ['\u{1F600}', 4],
      [null, 5],
    ]);
  });

  it('ranks a group without a value after every group with one', () => {
    const values = new Map<string | null, number | null>([
      ['a', null],
      ['b', 0],
    ]);
    expect([...rankGroups(values, 2)]).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
  });
});
