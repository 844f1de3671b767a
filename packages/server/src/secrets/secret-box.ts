import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Start of a sealed value; the version names the algorithm (AES-256-GCM, 96-bit IV, 128-bit tag). */
export const SEALED_PREFIX = 'enc:v1:';
/** Bytes of a secrets key. */
export const SECRETS_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds the ciphertext to its format version: a v1 value cannot be replayed as another version.
const AAD = Buffer.from(SEALED_PREFIX, 'utf8');

/** Encrypts short secrets (webhook secrets) for storage, and decrypts them for use. */
export interface SecretBox {
  /** `enc:v1:<iv>:<ciphertext + tag>`, both base64url; a fresh random IV each time. */
  seal(plaintext: string): string;
  /** The plaintext of `seal`'s output; throws when it was sealed with another key or altered. */
  open(sealed: string): string;
}

/** A secrets key that is not 32 bytes, or a sealed value that does not open. */
export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError';
}

/**
 * The 32 bytes of a secrets key given as bytes, 64 hexadecimal characters, or base64/base64url of 32
 * bytes (`openssl rand -base64 32`).
 */
export function secretsKeyBytes(key: string | Uint8Array, source = 'secretsKey'): Buffer {
  let bytes: Buffer | undefined;
  if (typeof key !== 'string') bytes = Buffer.from(key);
  else if (/^[0-9a-f]{64}$/i.test(key.trim())) bytes = Buffer.from(key.trim(), 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(key.trim())) bytes = Buffer.from(key.trim(), 'base64');
  if (bytes?.length !== SECRETS_KEY_BYTES)
    throw new SecretsKeyError(`${source} must be ${SECRETS_KEY_BYTES} bytes: 64 hex characters or base64 of 32 bytes (openssl rand -base64 32)`);
  return bytes;
}

/** True when `value` has the sealed format (as opposed to a legacy plaintext value). */
export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/** A SecretBox over AES-256-GCM with `key` (see `secretsKeyBytes`). */
export function createSecretBox(key: string | Uint8Array): SecretBox {
  const bytes = secretsKeyBytes(key);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', bytes, iv, { authTagLength: TAG_BYTES }).setAAD(AAD);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(sealed) {
      const [iv, body] = isSealed(sealed) ? sealed.slice(SEALED_PREFIX.length).split(':') : [];
      const ivBytes = Buffer.from(iv ?? '', 'base64url');
      const bodyBytes = Buffer.from(body ?? '', 'base64url');
      if (ivBytes.length !== IV_BYTES || bodyBytes.length < TAG_BYTES) throw new SecretsKeyError('not a sealed value (enc:v1:<iv>:<ciphertext>)');
      try {
        const decipher = createDecipheriv('aes-256-gcm', bytes, ivBytes, { authTagLength: TAG_BYTES }).setAAD(AAD);
        decipher.setAuthTag(bodyBytes.subarray(bodyBytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bodyBytes.subarray(0, bodyBytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretsKeyError('a sealed secret does not open with this secretsKey (another key, or altered)');
      }
    },
  };
}
