import { BadRequestError } from '../../errors/index.js';
import type { JsonObject } from '../../ports/index.js';
import { alertFields, alertSchema } from '../../schemas/documents/alert.js';
import type { DocumentResource, WriteContext } from './document-resource.js';

function ids(value: JsonObject[string] | undefined): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * `webhook_ids` added by a write must name webhooks of the project (400 otherwise). Ids already stored
 * are not checked again: a deleted webhook leaves a dangling id, skipped when the alert fires, that
 * does not block unrelated edits.
 */
async function checkWebhooks(data: JsonObject, ctx: WriteContext): Promise<JsonObject> {
  const stored = new Set(ids(ctx.existing?.data.webhook_ids));
  for (const id of ids(data.webhook_ids)) {
    if (stored.has(id)) continue;
    const webhook = await ctx.config.getDocument({ projectId: ctx.projectId, kind: 'webhook', id });
    if (!webhook) throw new BadRequestError(`webhook_ids: no webhook ${id} in this project`);
  }
  return data;
}

export const alertResource: DocumentResource = {
  kind: 'alert',
  segment: 'alerts',
  noun: 'alert',
  tag: 'Alerts',
  schema: alertSchema,
  patchSchema: alertFields.partial(),
  prepare: checkWebhooks,
  example: { name: 'Signups dropped', event: 'signup', metric: 'total', condition: 'lt', threshold: 10, interval: 'day', webhook_ids: [] },
  patchExample: { threshold: 5 },
};
