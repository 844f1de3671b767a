import { parseUtcDate, utcDaysBetween } from '@northstar/core';
import type { QueryResponse } from '@northstar/core';
import { BadRequestError, ForbiddenError } from '../errors/index.js';
import type { ApiKeyRecord, EventStore } from '../ports/index.js';
import { describeIssues, eventQuerySchema } from '../schemas/index.js';

const DAY_MS = 86_400_000;

/** Runs an event query for a caller already known to hold the `query` scope. */
export async function runEventQuery(events: EventStore, key: ApiKeyRecord, body: unknown): Promise<QueryResponse> {
  const parsed = eventQuerySchema.safeParse(body);
  if (!parsed.success) throw new BadRequestError(describeIssues(parsed.error));
  const query = parsed.data;
  if (query.project_id !== key.project_id) throw new ForbiddenError('This key has no access to project ' + query.project_id);

  const names = query.events.map((event) => event.name);
  const { start, end } = query.date_range;
  const rows = await events.aggregate({
    projectId: query.project_id,
    events: [...new Set(names)],
    metric: query.metric,
    interval: query.interval,
    from: parseUtcDate(start) ?? 0,
    to: (parseUtcDate(end) ?? 0) + DAY_MS,
  });

  const values = new Map(rows.map((row) => [`${row.event}\u0000${row.bucket}`, row.value]));
  const days = utcDaysBetween(start, end);
  return {
    metric: query.metric,
    interval: query.interval,
    date_range: { start, end },
    series: names.map((name) => ({
      event: name,
      data: days.map((date) => ({ date, value: values.get(`${name}\u0000${date}`) ?? 0 })),
    })),
  };
}
