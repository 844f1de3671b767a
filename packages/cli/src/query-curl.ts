import { utcDay } from '@northstar/core';

/** A copy-paste curl for today's unique `$pageview` count; `secretKey` may be a shell variable reference. */
export function queryCurl(url: string, projectId: number, secretKey: string, now: number = Date.now()): string {
  const today = utcDay(now);
  const body = JSON.stringify({
    project_id: projectId,
    events: [{ name: '$pageview' }, { name: 'demo_click' }],
    metric: 'uniq',
    date_range: { start: today, end: today },
    interval: 'day',
  });
  return `curl -s -X POST ${url}/v1/api/query/events -H "Authorization: Bearer ${secretKey}" -H 'Content-Type: application/json' -d '${body}'`;
}
