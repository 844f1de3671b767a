/** How far from the server clock an event's time may lie, after clock-skew correction. */
export interface EventTimeBounds {
  /** Oldest accepted event, in ms before the receive time. */
  maxAgeMs: number;
  /** Furthest accepted event, in ms after the receive time. */
  maxAheadMs: number;
}

/**
 * The stored time of an event: `timestamp`, moved by the client's clock skew (`receivedAt − sentAt`)
 * when the client said when it sent the request; the receive time when the event has no timestamp.
 */
export function correctedTime(timestamp: number | undefined, sentAt: number | undefined, receivedAt: number): number {
  if (timestamp === undefined) return receivedAt;
  return sentAt === undefined ? timestamp : timestamp + (receivedAt - sentAt);
}

function duration(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  for (const [size, unit] of units) {
    if (ms >= size && ms % size === 0) return `${ms / size} ${unit}${ms === size ? '' : 's'}`;
  }
  return `${ms} ms`;
}

/** The rejection message of an event whose (corrected) time is out of bounds; undefined when it is fine. */
export function timeBoundsError(time: number, receivedAt: number, bounds: EventTimeBounds): string | undefined {
  if (time > receivedAt + bounds.maxAheadMs) {
    return `timestamp is more than ${duration(bounds.maxAheadMs)} ahead of the server clock (after sent_at correction)`;
  }
  if (time < receivedAt - bounds.maxAgeMs) return `timestamp is more than ${duration(bounds.maxAgeMs)} in the past`;
  return undefined;
}
