import type { PortName } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { configStoreCases } from './config-store-cases.js';
import { eventLogCases } from './event-log-cases.js';
import { jobQueueCases } from './job-queue-cases.js';
import { personStoreCases } from './person-store-cases.js';
import { queryEngineCases } from './query-engine-cases.js';
import { rateLimitStoreCases } from './rate-limit-store-cases.js';
import { replayStoreCases } from './replay-store-cases.js';

/** One conformance suite: the port it tests, the other ports it cannot do without, and its cases. */
export interface PortSuite {
  /** The name of the suite's `describe` block. */
  name: string;
  port: PortName;
  /** Ports the suite needs beside its own (a query engine is fed through the adapter's event log). */
  needs: readonly PortName[];
  cases: (context: ConformanceContext) => void;
}

/** Every suite, in the order they run. */
export const PORT_SUITES: readonly PortSuite[] = [
  { name: 'EventLog', port: 'eventLog', needs: [], cases: eventLogCases },
  { name: 'QueryEngine', port: 'queryEngine', needs: ['eventLog'], cases: queryEngineCases },
  { name: 'PersonStore', port: 'people', needs: [], cases: personStoreCases },
  { name: 'ReplayStore', port: 'replays', needs: [], cases: replayStoreCases },
  { name: 'ConfigStore', port: 'config', needs: [], cases: configStoreCases },
  { name: 'RateLimitStore', port: 'rateLimits', needs: [], cases: rateLimitStoreCases },
  { name: 'JobQueue', port: 'jobs', needs: [], cases: jobQueueCases },
];

/** The suites an adapter providing `ports` runs: those of its ports whose needs it meets too. */
export function suitesFor(ports: Iterable<PortName>): PortSuite[] {
  const provided = new Set(ports);
  return PORT_SUITES.filter((suite) => provided.has(suite.port) && suite.needs.every((port) => provided.has(port)));
}
