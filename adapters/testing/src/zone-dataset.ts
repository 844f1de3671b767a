import { dateDayNumber, dayNumberDate, zonedDayStart } from '@northstar/core';
import type { AggregateQuery, EngineQuery, StoredEvent } from '@northstar/server';
import { uuidNo } from './dataset.js';

/** The project of the time-zone dataset. */
export const ZONE_PROJECT = 30;

let next = 1000;
/** A `tick` at an ISO instant, of `user` (or of device `device` alone). */
function tick(iso: string, user: string | null, device: string | null = null): StoredEvent {
  const n = next++;
  return {
    uuid: uuidNo(n),
    project_id: ZONE_PROJECT,
    event_name: 'tick',
    user_id: user,
    device_id: device,
    session_id: null,
    timestamp: Date.parse(iso),
    str_properties: {},
    num_properties: {},
    received_at: Date.parse(iso) + 1000,
  };
}

/**
 * Events at the edges of local days, hours, weeks and months around daylight-saving changes. Local
 * times in the comments; Berlin turns 03:00 CEST back to 02:00 CET at 2026-10-25T01:00Z and 02:00
 * CET on to 03:00 CEST at 2026-03-29T01:00Z; New York 02:00 EDT back to 01:00 EST at
 * 2026-11-01T06:00Z and 02:00 EST on to 03:00 EDT at 2026-03-08T07:00Z; Kolkata is +05:30 all year.
 */
export const ZONE_EVENTS: StoredEvent[] = [
  // Berlin, the night back to winter time (Sunday 2026-10-25, 25 hours long)
  tick('2026-10-24T21:59:59.999Z', 'anna'), // Sat 23:59:59.999 +02:00
  tick('2026-10-24T22:00:00.000Z', 'anna'), // Sun 00:00 +02:00
  tick('2026-10-25T00:30:00.000Z', 'ben'), // Sun 02:30 +02:00 (the first 02:00 hour)
  tick('2026-10-25T01:30:00.000Z', 'ben'), // Sun 02:30 +01:00 (the second 02:00 hour)
  tick('2026-10-25T22:59:59.999Z', 'cleo'), // Sun 23:59:59.999 +01:00, last instant of the week of Mon 10-19
  tick('2026-10-25T23:00:00.000Z', 'cleo'), // Mon 2026-10-26 00:00 +01:00, first instant of a week
  // Berlin, the night on to summer time (Sunday 2026-03-29, 23 hours long)
  tick('2026-03-29T00:59:59.999Z', 'anna'), // 01:59:59.999 +01:00
  tick('2026-03-29T01:00:00.000Z', 'anna'), // 03:00 +02:00
  tick('2026-03-29T21:59:59.999Z', 'ben'), // 23:59:59.999 +02:00
  tick('2026-03-29T22:00:00.000Z', 'ben'), // Mon 03-30 00:00 +02:00
  // Berlin, a month edge: 2026-03-01 00:00 +01:00 is still February in UTC
  tick('2026-02-28T22:59:59.999Z', 'dora'), // Feb 28 23:59:59.999 +01:00
  tick('2026-02-28T23:00:00.000Z', 'dora'), // Mar 1 00:00 +01:00
  // New York, back to standard time (Sunday 2026-11-01, 25 hours long)
  tick('2026-11-01T03:59:59.999Z', 'eli'), // Oct 31 23:59:59.999 -04:00
  tick('2026-11-01T04:00:00.000Z', 'eli'), // Nov 1 00:00 -04:00
  tick('2026-11-01T05:30:00.000Z', null, 'dev-ny'), // 01:30 -04:00 (the first 01:00 hour)
  tick('2026-11-01T06:30:00.000Z', null, 'dev-ny'), // 01:30 -05:00 (the second 01:00 hour)
  tick('2026-11-02T04:59:59.999Z', 'eli'), // Nov 1 23:59:59.999 -05:00
  tick('2026-11-02T05:00:00.000Z', 'eli'), // Nov 2 00:00 -05:00
  // New York, on to daylight time (Sunday 2026-03-08, 23 hours long)
  tick('2026-03-08T06:59:59.999Z', 'fay'), // 01:59:59.999 -05:00
  tick('2026-03-08T07:00:00.000Z', 'fay'), // 03:00 -04:00
  // Kolkata (+05:30): days and hours start at :30 UTC
  tick('2026-03-10T18:29:59.999Z', 'gus'), // Mar 10 23:59:59.999
  tick('2026-03-10T18:30:00.000Z', 'gus'), // Mar 11 00:00
  tick('2026-03-11T00:29:59.999Z', 'gus'), // Mar 11 05:59:59.999
  tick('2026-03-11T00:30:00.000Z', 'gus'), // Mar 11 06:00
];

/** `[from, to)` of the inclusive local dates `start`–`end` of `timeZone`. */
export function zonedRange(timeZone: string, start: string, end: string): { from: number; to: number } {
  return { from: zonedDayStart(timeZone, start), to: zonedDayStart(timeZone, dayNumberDate(dateDayNumber(end) + 1)) };
}

/** A `tick` segmentation over the local dates `start`–`end` of `timeZone`. */
export function zoneQuery(timeZone: string, start: string, end: string, overrides: Partial<AggregateQuery> = {}): EngineQuery & { kind: 'segmentation' } {
  return {
    kind: 'segmentation',
    projectId: ZONE_PROJECT,
    events: ['tick'],
    metric: 'total',
    interval: 'day',
    timeZone,
    ...zonedRange(timeZone, start, end),
    ...overrides,
  };
}
