import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { evaluateFlag, flagBucket, sha1Hex, VARIANT_SALT } from '../src/index.js';
import type { FlagDefinition, FlagTestVectors } from '../src/index.js';

/** The flag test vectors every SDK of the repository runs (docs/flags.md). */
const flagVectors = JSON.parse(readFileSync(new URL('../../../test/vectors/flags.json', import.meta.url), 'utf8')) as FlagTestVectors;

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('sha1 (pure JS)', () => {
  it.each(flagVectors.sha1)('hashes $utf8_bytes UTF-8 bytes as the vectors say', ({ input, utf8_bytes, hex }) => {
    expect(utf8(input).length).toBe(utf8_bytes);
    expect(sha1Hex(utf8(input))).toBe(hex);
  });

  it('agrees with node:crypto on every length from 0 to 300 bytes', () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + length) & 0xff);
      expect(sha1Hex(bytes)).toBe(createHash('sha1').update(bytes).digest('hex'));
    }
  });
});

describe('flagBucket (test/vectors/flags.json)', () => {
  it.each(flagVectors.buckets)('bucket("$flag_key", "$person_id", "$salt") = $bucket', ({ flag_key, person_id, salt, hex15, bucket }) => {
    expect(sha1Hex(utf8(`${flag_key}.${person_id}${salt}`)).slice(0, 15)).toBe(hex15);
    expect(flagBucket(flag_key, person_id, salt)).toBe(bucket);
  });

  it('reads the 15 hex digits as parseInt would, rounding once', () => {
    for (let i = 0; i < 2_000; i++) {
      const hex = createHash('sha1').update(`rounding.person-${i}`).digest('hex');
      expect(flagBucket('rounding', `person-${i}`)).toBe(Number.parseInt(hex.slice(0, 15), 16) / 16 ** 15);
    }
  });
});

describe('evaluateFlag (test/vectors/flags.json)', () => {
  it.each(flagVectors.evaluations)('$description', ({ flag, person, expected }) => {
    expect(flagBucket(flag.key, person.id)).toBe(expected.bucket);
    expect(flagBucket(flag.key, person.id, VARIANT_SALT)).toBe(expected.variant_bucket);
    expect(evaluateFlag(flag, person)).toBe(expected.value);
  });
});

describe('the variant split', () => {
  const flag: FlagDefinition = {
    key: 'checkout-copy',
    active: true,
    rollout_percentage: 100,
    variants: [
      { key: 'control', weight: 50 },
      { key: 'short', weight: 30 },
      { key: 'long', weight: 20 },
    ],
    targeting: {},
  };

  it('puts 10,000 ids into each variant within 2 percentage points of its weight', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const value = String(evaluateFlag(flag, { id: `user-${i}`, properties: {} }));
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    for (const variant of flag.variants) {
      expect(Math.abs((counts.get(variant.key) ?? 0) / 10_000 - variant.weight / 100)).toBeLessThan(0.02);
    }
    expect([...counts.keys()].sort()).toEqual(['control', 'long', 'short']);
  });

  it('keeps the rollout share within 2 percentage points over 10,000 ids', () => {
    const on = Array.from({ length: 10_000 }, (_, i) => evaluateFlag({ ...flag, rollout_percentage: 30 }, { id: `device-${i}`, properties: {} })).filter(
      (value) => value !== false,
    ).length;
    expect(Math.abs(on / 10_000 - 0.3)).toBeLessThan(0.02);
  });
});
