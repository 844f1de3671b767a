import { flagBucket, VARIANT_SALT } from './flag-bucket.js';
import type { FlagDefinition, FlagPerson, FlagValue, FlagVariant } from './flag-types.js';
import { rulesMatch } from './user-property-rules.js';

/**
 * The first variant, in the listed order, with `bucket < (sum of the weights up to and including it) / 100`
 * (integer sums, one division: exact in every language); the last weighted one catches the bucket 1.0.
 */
export function variantAt(variants: readonly FlagVariant[], bucket: number): string | undefined {
  let cumulative = 0;
  let last: string | undefined;
  for (const variant of variants) {
    if (!(variant.weight > 0)) continue;
    cumulative += variant.weight;
    last = variant.key;
    if (bucket < cumulative / 100) return variant.key;
  }
  return last;
}

/**
 * A flag's value for a person (docs/flags.md): inactive → false; targeting rules not all matching →
 * false; out of the rollout (`rollout_percentage < 100` and bucket ≥ rollout / 100) → false; else the
 * variant picked by the salted bucket over the cumulative weights, or true for a boolean flag.
 * Synchronous and pure: the server, the Node SDK and the tests run this same function.
 */
export function evaluateFlag(flag: FlagDefinition, person: FlagPerson): FlagValue {
  if (!flag.active) return false;
  if (!rulesMatch(flag.targeting.user_properties, person.properties)) return false;
  if (flag.rollout_percentage < 100 && flagBucket(flag.key, person.id) >= flag.rollout_percentage / 100) return false;
  if (flag.variants.length === 0) return true;
  return variantAt(flag.variants, flagBucket(flag.key, person.id, VARIANT_SALT)) ?? false;
}
