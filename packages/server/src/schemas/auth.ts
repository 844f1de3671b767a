import { z } from 'zod';
import type { AccountRecord } from '../ports/index.js';

/** Longest email (the column size of the SQL store). */
export const MAX_EMAIL_LENGTH = 320;
/** Password length bounds of new accounts; login accepts any length up to the maximum. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
/** Longest account or project name. */
export const MAX_NAME_LENGTH = 200;

/** An email as given at sign-up: trimmed, validated, compared case-insensitively by the store. */
export const emailField = z
  .string({ error: 'email must be a string' })
  .trim()
  .max(MAX_EMAIL_LENGTH, `email must be at most ${MAX_EMAIL_LENGTH} characters`)
  .pipe(z.email({ error: 'email must be an email address' }));

export const newPasswordField = z
  .string({ error: 'password must be a string' })
  .min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const personNameField = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, 'name must not be empty')
  .max(MAX_NAME_LENGTH, `name must be at most ${MAX_NAME_LENGTH} characters`);

/** A new account (CLI `create-account`, or a member added with a password). */
export const newAccountSchema = z.object({
  email: emailField,
  password: newPasswordField,
  name: personNameField.nullish(),
});
export type NewAccountInput = z.infer<typeof newAccountSchema>;

/** `POST /auth/login`. The email is not validated beyond its length: any mismatch is the same 401. */
export const loginBodySchema = z
  .object({
    email: z
      .string({ error: 'email is required' })
      .trim()
      .min(1, 'email is required')
      .max(MAX_EMAIL_LENGTH, `email must be at most ${MAX_EMAIL_LENGTH} characters`),
    password: z
      .string({ error: 'password is required' })
      .min(1, 'password is required')
      .max(MAX_PASSWORD_LENGTH, `password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  })
  .meta({ examples: [{ email: 'owner@example.com', password: 'correct horse battery staple' }] });

export const accountViewSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

/** An account as the API shows it: never its password hash. */
export function accountView(account: AccountRecord): AccountView {
  return { id: account.id, email: account.email, name: account.name };
}

/** Answer of `POST /auth/login` and `POST /auth/refresh`; the refresh token travels only in its cookie. */
export const tokenResponseSchema = z.object({
  access_token: z.string().meta({ description: 'JWT (HS256), sent as `Authorization: Bearer <token>`' }),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().meta({ description: 'Seconds the access token lives: 900' }),
  account: accountViewSchema,
});

/** `GET /auth/me`: the signed-in account and its projects. */
export const meResponseSchema = z.object({
  account: accountViewSchema,
  memberships: z.array(z.object({ project_id: z.number().int(), role: z.enum(['owner', 'admin', 'member', 'viewer']) })),
});
