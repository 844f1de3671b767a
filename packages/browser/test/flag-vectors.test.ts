// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateFlag, flagBucket, sha1Hex, VARIANT_SALT } from '@northstar/core';
import type { FlagTestVectors } from '@northstar/core';

/** The flag test vectors every SDK of the repository runs (docs/flags.md), run in a browser-like environment (jsdom). */
// A path, not a URL: jsdom's URL is not the one node:fs accepts.
const VECTORS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../test/vectors/flags.json');
const flagVectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as FlagTestVectors;

describe('flag evaluation as the browser SDK bundles it (@northstar/core, test/vectors/flags.json)', () => {
  it.each(flagVectors.sha1)('hashes $utf8_bytes UTF-8 bytes as the vectors say', ({ input, hex }) => {
    expect(sha1Hex(new TextEncoder().encode(input))).toBe(hex);
  });

  it.each(flagVectors.buckets)('bucket("$flag_key", "$person_id", "$salt") = $bucket', ({ flag_key, person_id, salt, bucket }) => {
    expect(flagBucket(flag_key, person_id, salt)).toBe(bucket);
  });

  it.each(flagVectors.evaluations)('$description', ({ flag, person, expected }) => {
    expect(flagBucket(flag.key, person.id)).toBe(expected.bucket);
    expect(flagBucket(flag.key, person.id, VARIANT_SALT)).toBe(expected.variant_bucket);
    expect(evaluateFlag(flag, person)).toBe(expected.value);
  });
});
