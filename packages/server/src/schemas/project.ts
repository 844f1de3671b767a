import { z } from 'zod';
import type { MemberRole, ProjectRecord } from '../ports/index.js';
import { MAX_NAME_LENGTH } from './auth.js';
import { createdApiKeySchema } from './api-key.js';
import { DEFAULT_REPLAY_RETENTION_DAYS, MAX_REPLAY_RETENTION_DAYS, isRetentionDays } from './replay-retention.js';

export const PROJECT_PLANS = ['free', 'pro', 'enterprise'] as const;
export const MEMBER_ROLES = ['owner', 'admin', 'member', 'viewer'] as const satisfies readonly MemberRole[];

const projectName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, 'name must not be empty')
  .max(MAX_NAME_LENGTH, `name must be at most ${MAX_NAME_LENGTH} characters`);
const plan = z.enum(PROJECT_PLANS, { error: `plan must be one of ${PROJECT_PLANS.join(', ')}` });
/** A plan in a request body: read-only, since the server's operator sets plans (docs/limits.md). */
const requestPlan = plan.meta({
  description:
    "Read-only: set by the server's operator (`northstar-server set-plan`). The plan the project has (on creation: the server's default plan) is accepted and changes nothing; any other is refused with 403",
});
const settings = z
  .record(z.string(), z.json(), { error: 'settings must be an object' })
  .refine((value) => value.replay_retention_days === undefined || isRetentionDays(value.replay_retention_days), {
    message: `settings.replay_retention_days must be a whole number of days from 1 to ${MAX_REPLAY_RETENTION_DAYS}`,
    path: ['replay_retention_days'],
  })
  .meta({
    description: `Free-form project settings (e.g. \`cors_origins\`; \`replay_retention_days\`, 1–${MAX_REPLAY_RETENTION_DAYS}, default ${DEFAULT_REPLAY_RETENTION_DAYS}); replaced whole on update`,
  });

/** `POST /v1/projects`. The plan is the router's `defaultPlan`; `plan` may only repeat it. */
export const createProjectBodySchema = z
  .object({ name: projectName, plan: requestPlan.optional(), settings: settings.optional() })
  .meta({ examples: [{ name: 'Shop' }] });

/** `PATCH /v1/projects/:projectId`: at least one field; `plan` may only repeat the current plan. */
export const patchProjectBodySchema = z
  .object({ name: projectName.optional(), plan: requestPlan.optional(), settings: settings.optional() })
  .refine((patch) => patch.name !== undefined || patch.plan !== undefined || patch.settings !== undefined, 'Give at least one of name, plan, settings')
  .meta({ examples: [{ name: 'Shop (production)' }] });

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  plan: z.enum(PROJECT_PLANS),
  settings: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A project of the signed-in account, with the account's role in it. */
export const accountProjectSchema = projectSchema.extend({ role: z.enum(MEMBER_ROLES) });

export const projectListSchema = z.object({
  items: z.array(accountProjectSchema),
  next: z.number().int().nullable().meta({ description: 'Pass as `after` for the next page; null on the last' }),
});

/** `GET /v1/projects?after=&limit=`. */
export const projectListQuerySchema = z.object({
  after: z.coerce.number({ error: 'after must be a project id' }).int('after must be a project id').positive('after must be a project id').optional(),
  limit: z.coerce
    .number({ error: 'limit must be 1-1000' })
    .int('limit must be 1-1000')
    .min(1, 'limit must be 1-1000')
    .max(1000, 'limit must be 1-1000')
    .default(50),
});

/** `POST /v1/projects` answer: the project and its first SDK key, shown in full only here. */
export const createdProjectSchema = z.object({ project: accountProjectSchema, api_key: createdApiKeySchema });

export type ProjectView = z.infer<typeof projectSchema>;

export function projectView(project: ProjectRecord): ProjectView {
  const { id, name, plan: projectPlan, settings: projectSettings, created_at, updated_at } = project;
  return { id, name, plan: projectPlan, settings: projectSettings, created_at, updated_at };
}
