import { createHash } from 'node:crypto';

/** 16^15 = 2^60: the first 15 hex digits of a SHA-1 are a 60-bit integer below it. */
const SCALE = 16 ** 15;

/**
 * Where a person falls for a flag, in [0, 1]: the first 15 hex digits of
 * `sha1_hex(flag_key + "." + person_id + salt)` (UTF-8) read as an integer, converted to a double
 * (round to nearest) and divided by 16^15. The same for every SDK and language; PostHog buckets alike.
 * The rollout uses salt "" and the variant salt "variant". See docs/ingestion-endpoints.md for test vectors.
 */
export function flagBucket(flagKey: string, personId: string, salt = ''): number {
  const hex = createHash('sha1').update(`${flagKey}.${personId}${salt}`, 'utf8').digest('hex');
  return Number.parseInt(hex.slice(0, 15), 16) / SCALE;
}

/** Salt of the second hash, which picks the variant among the people in the rollout. */
export const VARIANT_SALT = 'variant';
