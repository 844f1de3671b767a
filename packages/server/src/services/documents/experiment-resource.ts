import { BadRequestError } from '../../errors/index.js';
import type { JsonObject } from '../../ports/index.js';
import { DEFAULT_EXPOSURE_EVENT, EXPERIMENT_STATUSES, experimentFields, experimentSchema, experimentServerFields } from '../../schemas/documents/experiment.js';
import type { ExperimentStatus } from '../../schemas/documents/experiment.js';
import type { DocumentResource, WriteContext } from './document-resource.js';

/** Status moves allowed: forward only, and stopped is final. */
const NEXT_STATUSES: Record<ExperimentStatus, readonly ExperimentStatus[]> = {
  draft: ['draft', 'running', 'stopped'],
  running: ['running', 'stopped'],
  stopped: ['stopped'],
};

/** What a started experiment may no longer change: its results would mix two designs. */
const DESIGN_FIELDS = ['flag_key', 'variants', 'goal_event', 'exposure_event'] as const;

const statusOf = (data: JsonObject | undefined): ExperimentStatus => EXPERIMENT_STATUSES.find((status) => status === data?.status) ?? 'draft';
const timeOf = (value: JsonObject[string] | undefined): string | null => (typeof value === 'string' ? value : null);

/**
 * Applies the status rules and sets `started_at` / `ended_at` at the moves to running and stopped.
 * Moving to running needs a flag with `flag_key` in the project.
 */
async function applyStatus(data: JsonObject, ctx: WriteContext): Promise<JsonObject> {
  const before = ctx.existing?.data;
  const from = statusOf(before);
  const to = statusOf(data);
  if (before && !NEXT_STATUSES[from].includes(to)) throw new BadRequestError(`status cannot change from ${from} to ${to}`);
  if (before && from !== 'draft') {
    // Experiments stored before `exposure_event` existed had the default.
    const stored: JsonObject = { exposure_event: DEFAULT_EXPOSURE_EVENT, ...before };
    const changed = DESIGN_FIELDS.filter((field) => JSON.stringify(data[field]) !== JSON.stringify(stored[field]));
    if (changed.length > 0) throw new BadRequestError(`${changed.join(', ')} cannot change once the experiment has started`);
  }
  if (to === 'running' && from !== 'running' && typeof data.flag_key === 'string') {
    const flag = await ctx.config.findDocumentByKey(ctx.projectId, 'flag', data.flag_key);
    if (!flag) throw new BadRequestError(`flag_key: no flag ${data.flag_key} in this project`);
  }
  let startedAt = timeOf(before?.started_at);
  let endedAt = timeOf(before?.ended_at);
  if (to === 'running' && from !== 'running') startedAt = ctx.now();
  if (to === 'stopped' && from !== 'stopped') endedAt = ctx.now();
  return { ...data, started_at: startedAt, ended_at: endedAt };
}

export const experimentResource: DocumentResource = {
  kind: 'experiment',
  segment: 'experiments',
  noun: 'experiment',
  tag: 'Experiments',
  schema: experimentSchema,
  patchSchema: experimentFields.partial(),
  readOnlyFields: Object.keys(experimentServerFields),
  prepare: applyStatus,
  responseFields: experimentServerFields,
  example: { name: 'Checkout test', flag_key: 'new-checkout', variants: ['control', 'test'], goal_event: 'purchase' },
  patchExample: { name: 'Checkout test (one page)' },
};
