import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/** scrypt cost of a new password hash: `N` (CPU/memory, a power of two), `r` (block size), `p` (parallelism). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1, i.e. 128 MiB and roughly a quarter of a second
 * per hash on a server core. Verification always uses the cost written in the stored hash.
 */
export const DEFAULT_SCRYPT_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds of a cost read from a stored hash, so a corrupt row cannot ask for gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
/** Longest password accepted, in characters (hashing cost does not depend on it, but the body does). */
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, keyLength: number, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r * p bytes; Node refuses above `maxmem` (32 MiB by default).
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r * cost.p + 32 * 1024 * 1024 };
  // NFKC so that the same password typed on another keyboard or OS gives the same bytes.
  const normalized = password.normalize('NFKC');
  return new Promise((resolve, reject) => {
    scrypt(normalized, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function validCost(cost: ScryptCost): boolean {
  const { N, r, p } = cost;
  const powerOfTwo = Number.isInteger(N) && N >= 2 && (N & (N - 1)) === 0;
  return powerOfTwo && N <= MAX_N && Number.isInteger(r) && r >= 1 && r <= MAX_R && Number.isInteger(p) && p >= 1 && p <= MAX_P;
}

/** Throws when `cost` is outside what this module can verify later. */
export function assertScryptCost(cost: ScryptCost): void {
  if (!validCost(cost)) throw new RangeError(`Invalid scrypt cost N=${cost.N} r=${cost.r} p=${cost.p}: N a power of two 2..2^20, r 1..32, p 1..16`);
}

/** `scrypt$N$r$p$<salt base64url>$<hash base64url>`, with a fresh 16-byte salt. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  assertScryptCost(cost);
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN));
  const cost = { N: N ?? NaN, r: r ?? NaN, p: p ?? NaN };
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (!validCost(cost) || salt.length < 8 || key.length < 16 || key.length > 64) return undefined;
  return { cost, salt, key };
}

/** The cost written in a stored hash; undefined when it is not one of ours. */
export function hashCost(stored: string): ScryptCost | undefined {
  return parseHash(stored)?.cost;
}

/** True when `password` matches `stored`; compared in constant time. A malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when a hash was made with another cost than `cost` (rehash it after the next successful login). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const current = hashCost(stored);
  return !current || current.N !== cost.N || current.r !== cost.r || current.p !== cost.p;
}
