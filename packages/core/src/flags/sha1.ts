/**
 * SHA-1 of a byte string as its five 32-bit words (big-endian, FIPS 180-4). Synchronous and pure, so
 * flags evaluate the same way in browsers, Node and runtimes without `node:crypto` or a synchronous
 * `crypto.subtle`. Flag bucketing needs a stable spread, not collision resistance; SHA-1 is what the
 * documented algorithm (and PostHog's) names.
 */
export function sha1(bytes: Uint8Array): number[] {
  const length = bytes.length;
  // The message, 0x80, zeros, and the 64-bit bit length: a whole number of 64-byte blocks.
  const blocks = ((length + 8) >> 6) + 1;
  const words = new Int32Array(blocks * 16);
  for (let i = 0; i < length; i++) words[i >> 2]! |= bytes[i]! << (24 - (i % 4) * 8);
  words[length >> 2]! |= 0x80 << (24 - (length % 4) * 8);
  words[blocks * 16 - 2] = Math.floor(length / 0x20000000);
  words[blocks * 16 - 1] = length * 8;
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Int32Array(80);
  for (let block = 0; block < words.length; block += 16) {
    for (let t = 0; t < 80; t++) {
      w[t] = t < 16 ? words[block + t]! : rotl(w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!, 1);
    }
    let [a, b, c, d, e] = state as [number, number, number, number, number];
    for (let t = 0; t < 80; t++) {
      const f = t < 20 ? (b & c) | (~b & d) : t < 40 || t >= 60 ? b ^ c ^ d : (b & c) | (b & d) | (c & d);
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const next = (rotl(a, 5) + f + e + k + w[t]!) | 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = next;
    }
    state[0] = (state[0]! + a) | 0;
    state[1] = (state[1]! + b) | 0;
    state[2] = (state[2]! + c) | 0;
    state[3] = (state[3]! + d) | 0;
    state[4] = (state[4]! + e) | 0;
  }
  return state.map((word) => word >>> 0);
}

function rotl(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

/** Lowercase hex of `sha1(bytes)`, as `sha1_hex` of the docs. */
export function sha1Hex(bytes: Uint8Array): string {
  return sha1(bytes)
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('');
}
