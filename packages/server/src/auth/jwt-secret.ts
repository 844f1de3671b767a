import { randomBytes } from 'node:crypto';

/** Shortest HMAC key accepted for HS256 (its output size). */
export const MIN_JWT_SECRET_BYTES = 32;

let processSecret: Uint8Array | undefined;

/**
 * The key of access JWTs: `configured` (a string is taken as its UTF-8 bytes) when given, else one
 * random key per process, generated on first use. Throws on a configured secret under 32 bytes.
 * `warn` is told when the random key is used: access tokens then die with the process (browsers get
 * new ones from the stored refresh token) and other processes behind the same address reject them.
 */
export function resolveJwtSecret(configured: string | Uint8Array | undefined, warn: (message: string) => void): Uint8Array {
  if (configured !== undefined) {
    const bytes = typeof configured === 'string' ? new TextEncoder().encode(configured) : Uint8Array.from(configured);
    if (bytes.length < MIN_JWT_SECRET_BYTES) throw new RangeError(`jwtSecret must be at least ${MIN_JWT_SECRET_BYTES} bytes, got ${bytes.length}`);
    return bytes;
  }
  warn(
    '[northstar] jwtSecret is not set: using a random secret for this process; access tokens die with it and other processes reject them (set jwtSecret when several processes serve the API)',
  );
  processSecret ??= new Uint8Array(randomBytes(48));
  return processSecret;
}
