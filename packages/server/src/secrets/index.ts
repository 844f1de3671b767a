export { createSecretBox, isSealed, secretsKeyBytes, SecretsKeyError, SEALED_PREFIX, SECRETS_KEY_BYTES } from './secret-box.js';
export type { SecretBox } from './secret-box.js';
