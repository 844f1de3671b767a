import type { PortName } from '@northstar/server/app';

/** For each port taken from another database than the main one, that database's URL (see `parseDatabaseUrl`). */
export type PortUrls = { [P in PortName]?: string };

/** What each port holds, as the start banner says it (a record, so that a new port cannot be forgotten). */
const PORT_LABELS: Record<PortName, string> = {
  eventLog: 'event log',
  queryEngine: 'query engine',
  people: 'people',
  replays: 'replays',
  config: 'configuration',
  rateLimits: 'rate limits',
  jobs: 'jobs',
};

/** Every port, in the order the banner lists them. */
export const PORT_NAMES = Object.keys(PORT_LABELS) as PortName[];

/** The ports of the event data: what `NORTHSTAR_EVENTS_DATABASE_URL` moves to another database. */
export const EVENT_PORTS = ['eventLog', 'queryEngine', 'people', 'replays'] as const satisfies readonly PortName[];

/** The event data (`EVENT_PORTS`) in the database `url` names: `storageFromUrl(configUrl, { ports: eventPortsAt(eventsUrl) })`. */
export function eventPortsAt(url: string): PortUrls {
  return Object.fromEntries(EVENT_PORTS.map((port) => [port, url]));
}

/** The banner's words for a list of ports, e.g. `event log, query engine`. */
export function portLabels(ports: readonly PortName[]): string {
  return ports.map((port) => PORT_LABELS[port]).join(', ');
}
