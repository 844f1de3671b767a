import { sha1 } from './sha1.js';

/** Salt of the second hash, which picks the variant among the people in the rollout. */
export const VARIANT_SALT = 'variant';

/**
 * Where a person falls for a flag, in [0, 1]: the first 15 hex digits of
 * `sha1_hex(utf8(flag_key + "." + person_id + salt))` read as a 60-bit integer, converted to a double
 * (round to nearest) and divided by 16^15. The rollout uses salt "" and the variant pick
 * `VARIANT_SALT`. Exactly docs/flags.md; test vectors in test/vectors/flags.json.
 */
export function flagBucket(flagKey: string, personId: string, salt = ''): number {
  const [high, next] = sha1(new TextEncoder().encode(`${flagKey}.${personId}${salt}`)) as [number, number];
  // 32 bits then the top 28 of the next word: one rounding, in the addition, as parseInt would do.
  return (high * 2 ** 28 + (next >>> 4)) / 2 ** 60;
}
