import type { FunnelStepCount, QueryEngine } from '../ports/index.js';
import type { FunnelQueryBody, FunnelQueryResponse } from '../schemas/funnel-query.js';
import { WINDOW_UNIT_MS } from '../schemas/funnel-query.js';
import { canonicalZone } from './local-range.js';
import { zonedRange } from './query-buckets.js';

type Step = FunnelQueryResponse['steps'][number];

const ratio = (part: number, whole: number | undefined): number | null => (whole === undefined || whole === 0 ? null : part / whole);

/** The charted steps of one funnel (or group): people, both conversions, the median in seconds. */
function stepsOf(body: FunnelQueryBody, counts: FunnelStepCount[]): Step[] {
  return body.steps.map((step, i) => {
    const people = counts[i]?.people ?? 0;
    const median = counts[i]?.medianMs ?? null;
    return {
      index: i + 1,
      event: step.event,
      people,
      conversion_from_previous: ratio(people, i === 0 ? people : counts[i - 1]?.people),
      conversion_from_first: ratio(people, counts[0]?.people),
      median_seconds_to_convert: i === 0 || median === null ? null : median / 1000,
    };
  });
}

/** Runs a validated funnel for a caller already authorized (query scope) on its `project_id`; each engine query at most `timeoutMs`. */
export async function runFunnelQuery(engine: QueryEngine, body: FunnelQueryBody, timeoutMs?: number): Promise<FunnelQueryResponse> {
  const timeZone = canonicalZone(body.timezone);
  const { from, to } = zonedRange(body.date_range.start, body.date_range.end, timeZone);
  const windowMs = body.window.value * WINDOW_UNIT_MS[body.window.unit];
  const query = {
    kind: 'funnel' as const,
    projectId: body.project_id,
    steps: body.steps.map((step) => ({ event: step.event, filters: step.filters ?? [] })),
    from,
    to,
    windowMs,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
  const [whole] = await engine.run(query);
  const response: FunnelQueryResponse = {
    date_range: body.date_range,
    timezone: timeZone,
    window_seconds: windowMs / 1000,
    steps: stepsOf(body, whole?.steps ?? []),
  };
  if (!body.group_by) return response;
  const groups = await engine.run({ ...query, groupBy: { property: body.group_by.property, limit: body.group_by.limit } });
  return { ...response, groups: groups.map((row) => ({ group: row.group ?? null, steps: stepsOf(body, row.steps) })) };
}
