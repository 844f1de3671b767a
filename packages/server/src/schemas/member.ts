import { z } from 'zod';
import type { AccountRecord, MembershipRecord } from '../ports/index.js';
import { emailField, newPasswordField, personNameField } from './auth.js';
import { MEMBER_ROLES } from './project.js';

const role = z.enum(MEMBER_ROLES, { error: `role must be one of ${MEMBER_ROLES.join(', ')}` });

/**
 * `POST /v1/projects/:projectId/members`: adds the account with this email; with `password` (and
 * optionally `name`) the account is created first (409 when the email is taken).
 */
export const addMemberBodySchema = z
  .object({
    email: emailField,
    role,
    password: newPasswordField.optional().meta({ description: 'Creates the account with this password; omit to add an existing account' }),
    name: personNameField.nullish(),
  })
  .meta({ examples: [{ email: 'new-member@example.com', role: 'viewer', password: 'correct horse battery staple', name: 'New Member' }] });

/** `PATCH /v1/projects/:projectId/members/:accountId`. */
export const patchMemberBodySchema = z.object({ role }).meta({ examples: [{ role: 'member' }] });

export const memberSchema = z.object({
  account_id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role,
  created_at: z.string(),
});

export const memberListSchema = z.object({ items: z.array(memberSchema) });

export type MemberView = z.infer<typeof memberSchema>;

export function memberView(membership: MembershipRecord, account: AccountRecord): MemberView {
  return { account_id: account.id, email: account.email, name: account.name, role: membership.role, created_at: membership.created_at };
}
