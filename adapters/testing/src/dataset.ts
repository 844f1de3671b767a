import type { StoredEvent } from '@northstar/server';

/** 2024-03-10T00:00:00.000Z */
export const DAY1 = Date.UTC(2024, 2, 10);
/** 2024-03-11T00:00:00.000Z */
export const DAY2 = Date.UTC(2024, 2, 11);
export const HOUR = 3_600_000;

/** A deterministic UUID (version 7 layout) numbered `n`. */
export function uuidNo(n: number): string {
  return `01890000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A stored event with neutral defaults; `n` picks its uuid. */
export function storedEvent(n: number, overrides: Partial<StoredEvent> = {}): StoredEvent {
  return {
    uuid: uuidNo(n),
    project_id: 1,
    event_name: '$pageview',
    user_id: null,
    device_id: `device-${n}`,
    session_id: null,
    timestamp: DAY1 + HOUR,
    str_properties: {},
    num_properties: {},
    received_at: DAY2 + 12 * HOUR,
    ...overrides,
  };
}

/**
 * Two days of a small product, project 1. Expected per day:
 * - `$pageview` 2024-03-10: total 4, uniq 3 (u1 twice, u2, device-only d9)
 * - `$pageview` 2024-03-11: total 1, uniq 1
 * - `signup`    2024-03-11: total 1, uniq 1
 */
export function twoDayDataset(projectId: number): StoredEvent[] {
  return [
    storedEvent(1, { project_id: projectId, user_id: 'u1', device_id: 'd1', timestamp: DAY1 + 10 * HOUR }),
    storedEvent(2, { project_id: projectId, user_id: 'u1', device_id: 'd2', timestamp: DAY1 + 11 * HOUR }),
    storedEvent(3, { project_id: projectId, user_id: 'u2', device_id: null, timestamp: DAY1 + 12 * HOUR }),
    storedEvent(4, { project_id: projectId, user_id: null, device_id: 'd9', timestamp: DAY1 + 13 * HOUR }),
    storedEvent(5, { project_id: projectId, user_id: 'u1', timestamp: DAY2 + 9 * HOUR }),
    storedEvent(6, { project_id: projectId, user_id: 'u2', event_name: 'signup', timestamp: DAY2 + 10 * HOUR }),
  ];
}
