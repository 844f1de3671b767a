/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, so ids sort by creation time.
 * Uses Web Crypto, present in browsers and in Node 20 as `globalThis.crypto`.
 */
export function uuidv7(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint16Array(8));
  let hex = '';
  for (const n of random) hex += (n | 0x10000).toString(16).slice(1);
  const ms = Math.floor(now).toString(16).padStart(12, '0');
  // The version (7) and the variant (8 to b) take the place of random digits; the variant's two bits come
  // from random[0], whose digits (like the rest of hex[0..11]) the milliseconds replace.
  return `${ms.slice(0, 8)}-${ms.slice(8)}-7${hex.slice(13, 16)}-${'89ab'[(random[0] as number) & 3]}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
