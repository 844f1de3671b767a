import { z } from 'zod';
import { SECRET_KEY_SCOPES } from '@northstar/core';
import type { SecretKeyScope } from '@northstar/core';
import type { ApiKeySummary } from '../ports/index.js';

const MAX_KEY_NAME_LENGTH = 200;
const scope = z.enum(SECRET_KEY_SCOPES as readonly [SecretKeyScope, ...SecretKeyScope[]], { error: `scopes must hold only ${SECRET_KEY_SCOPES.join(', ')}` });

/** `POST /v1/projects/:projectId/api-keys`: an `sk` key needs at least one scope, a `pk` key takes none. */
export const createApiKeyBodySchema = z
  .object({
    kind: z.enum(['pk', 'sk'], { error: 'kind must be pk (SDK key) or sk (secret key)' }),
    name: z
      .string({ error: 'name must be a string' })
      .trim()
      .min(1, 'name must not be empty')
      .max(MAX_KEY_NAME_LENGTH, `name must be at most ${MAX_KEY_NAME_LENGTH} characters`)
      .nullish()
      .meta({ description: 'A label, e.g. "CI" or "Production site"' }),
    scopes: z
      .array(scope, { error: 'scopes must be an array' })
      .max(SECRET_KEY_SCOPES.length * 2)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'sk' && (body.scopes ?? []).length === 0)
      ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'A secret key needs at least one scope' });
    if (body.kind === 'pk' && (body.scopes ?? []).length > 0) ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'SDK keys (pk) carry no scopes' });
  })
  .meta({ examples: [{ kind: 'sk', name: 'CI', scopes: ['query', 'read'] }] });

/** A key as listed: its prefix identifies it; the key itself and its hash are never shown again. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(['pk', 'sk']),
  name: z.string().nullable(),
  prefix: z.string().meta({ description: 'First 12 characters of the key' }),
  scopes: z.array(z.enum(SECRET_KEY_SCOPES as readonly [SecretKeyScope, ...SecretKeyScope[]])),
  created_at: z.string(),
  last_used_at: z.string().nullable().meta({ description: 'Updated at most once a minute' }),
  revoked_at: z.string().nullable(),
});

/** A key just created or rotated: the only response that holds the full key. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string().meta({ description: 'The full key; shown only in this response' }) });

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

export type ApiKeyView = z.infer<typeof apiKeySchema>;

/** Only the listed fields: a record that carries a hash (`ApiKeyRecord`) loses it here. */
export function apiKeyView(key: ApiKeySummary): ApiKeyView {
  const { id, project_id, kind, name, prefix, scopes, created_at, last_used_at, revoked_at } = key;
  return { id, project_id, kind, name, prefix, scopes, created_at, last_used_at, revoked_at };
}
