import type { EventStep, FunnelGroupRow, FunnelQuery, StoredEvent } from '@northstar/server';
import { compareCodePoints } from '@northstar/core';
import { timeCheck } from './time-check.js';
import { groupOf, matchesFilter } from './property-filter.js';

/** An event of a person that matches at least one step. */
interface Row {
  ts: number;
  /** Index of the first step it matches: events at one instant are taken in funnel order. */
  first: number;
  uuid: string;
  matches: boolean[];
  group: string | null;
}

/** The attempt a person is counted with: its step-1 group and the time of each step reached. */
interface Counted {
  group: string | null;
  times: number[];
}

export const matchesStep = (event: StoredEvent, step: EventStep): boolean =>
  event.event_name === step.event && (step.filters ?? []).every((filter) => matchesFilter(event, filter));

const byOrder = (a: Row, b: Row): number => a.ts - b.ts || a.first - b.first || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);

/** Each person's events that may take part in an attempt: from `from` to the end of the last window. */
function timelines(events: Iterable<StoredEvent>, query: FunnelQuery, personOf: (event: StoredEvent) => string | null): Map<string, Row[]> {
  const names = new Set(query.steps.map((step) => step.event));
  const end = query.to + query.windowMs;
  const people = new Map<string, Row[]>();
  const check = timeCheck(query.timeoutMs);
  for (const event of events) {
    check();
    if (!names.has(event.event_name) || event.timestamp < query.from || event.timestamp >= end) continue;
    const matches = query.steps.map((step) => matchesStep(event, step));
    const first = matches.indexOf(true);
    const person = personOf(event);
    if (first < 0 || person === null) continue;
    const group = query.groupBy ? groupOf(event, query.groupBy.property) : null;
    const rows = people.get(person) ?? [];
    rows.push({ ts: event.timestamp, first, uuid: event.uuid, matches, group });
    people.set(person, rows);
  }
  for (const rows of people.values()) rows.sort(byOrder);
  return people;
}

/**
 * The person's counted attempt, or undefined without a step-1 event in the range. `next[k][i]` is the
 * first row after row i that matches step k: each attempt follows it from its start, linear per step.
 */
function countedAttempt(rows: Row[], query: FunnelQuery): Counted | undefined {
  const steps = query.steps.length;
  const next: (number | undefined)[][] = query.steps.map(() => new Array<number | undefined>(rows.length));
  for (let k = 1; k < steps; k++) {
    let after: number | undefined;
    for (let i = rows.length - 1; i >= 0; i--) {
      next[k]![i] = after;
      if (rows[i]!.matches[k]) after = i;
    }
  }
  let best: Counted | undefined;
  rows.forEach((row, start) => {
    if (!row.matches[0] || row.ts < query.from || row.ts >= query.to) return;
    const times = [row.ts];
    for (let k = 1, at = start; k < steps; k++) {
      const found = next[k]![at];
      if (found === undefined || rows[found]!.ts > row.ts + query.windowMs) break;
      times.push(rows[found]!.ts);
      at = found;
    }
    if (!best || times.length > best.times.length) best = { group: row.group, times };
  });
  return best;
}

/** Nearest rank: the value at rank ⌈n/2⌉ of the sorted values. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

function stepCounts(attempts: Counted[], steps: number): FunnelGroupRow['steps'] {
  return Array.from({ length: steps }, (_, k) => {
    const reached = attempts.filter((attempt) => attempt.times.length > k);
    return { people: reached.length, medianMs: k === 0 ? null : median(reached.map((attempt) => attempt.times[k]! - attempt.times[k - 1]!)) };
  });
}

/** The funnel over events in memory; `personOf` gives an event's person (null: nobody). Same answers as the SQL adapter. */
export function funnelOfEvents(events: Iterable<StoredEvent>, query: FunnelQuery, personOf: (event: StoredEvent) => string | null): FunnelGroupRow[] {
  const attempts: Counted[] = [];
  for (const rows of timelines(events, query, personOf).values()) {
    const attempt = countedAttempt(rows, query);
    if (attempt) attempts.push(attempt);
  }
  const steps = query.steps.length;
  if (!query.groupBy) return [{ steps: stepCounts(attempts, steps) }];

  const groups = new Map<string | null, Counted[]>();
  for (const attempt of attempts) {
    const members = groups.get(attempt.group) ?? [];
    members.push(attempt);
    groups.set(attempt.group, members);
  }
  const ranked = [...groups].sort(([a, x], [b, y]) => y.length - x.length || (a === null ? (b === null ? 0 : 1) : b === null ? -1 : compareCodePoints(a, b)));
  return ranked.slice(0, query.groupBy.limit).map(([group, members]) => ({ group, steps: stepCounts(members, steps) }));
}
