import type { FlagDefinition, FlagValue, PersonProperties } from './flag-types.js';

/**
 * The shape of `test/vectors/flags.json` of the repository, the flag test vectors that every SDK runs
 * (format: docs/flags.md). Types only: an SDK's tests read the file and hold their implementation to it.
 */
export interface FlagTestVectors {
  /** SHA-1 of the UTF-8 bytes of `input` (padding boundaries, multi-byte characters). */
  sha1: { input: string; utf8_bytes: number; hex: string }[];
  /** `bucket(flag_key, person_id, salt)` and the 15 hex digits it reads. */
  buckets: { flag_key: string; person_id: string; salt: string; hex15: string; bucket: number }[];
  /** A flag, a person, both buckets (salt "" and "variant") and the value `evaluateFlag` answers. */
  evaluations: {
    description: string;
    flag: FlagDefinition;
    person: { id: string; properties: PersonProperties };
    expected: { bucket: number; variant_bucket: number; value: FlagValue };
  }[];
}
