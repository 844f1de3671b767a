import type { TrackedEvent } from '@northstar/core';

/** Where undelivered events are kept across a restart (a file, Redis, a table: the app's choice). */
export interface QueuePersistence {
  /** The events saved by the previous process; called once at start. They are sent again (the server drops duplicates by uuid). */
  load(): TrackedEvent[] | undefined | Promise<TrackedEvent[] | undefined>;
  /** Replaces the saved events with these (an empty list: nothing is left). At most one call runs at a time. */
  save(events: TrackedEvent[]): void | Promise<void>;
}

/** Why an event left the queue without being delivered. */
export type DropReason = 'queue_full' | 'rejected';

/** Options of `new Northstar()`. The names follow posthog-node where there is one (docs/node-sdk.md). */
export interface NorthstarOptions {
  /** Public SDK key (`pk_`): events, identify and remote flag evaluation. Required. */
  apiKey: string;
  /** Base URL of the Northstar server, e.g. `https://example.com/ns`; events go to `${host}/v1/track`. Required. */
  host: string;
  /** Queued events that start a send at once (posthog-node: `flushAt`). @default 100 */
  flushSize?: number;
  /** Longest time an event waits in the queue before a send is attempted, ms. @default 2000 */
  flushInterval?: number;
  /**
   * Most events kept in memory. When full, each new event drops the oldest one: it is counted
   * (`stats().dropped`, the shutdown report) and handed to `onDrop`. @default 10000
   */
  maxQueueSize?: number;
  /** Time one request may take before it is abandoned and retried, ms. @default 10000 */
  requestTimeout?: number;
  /** Called for each event that leaves the queue undelivered: the queue was full, or the server refused it (4xx). @default none */
  onDrop?(event: TrackedEvent, reason: DropReason): void;
  /** Keeps undelivered events across restarts (`load` at start, `save` as the queue changes and at shutdown). @default none */
  persistence?: QueuePersistence;
  /** Longest time between a change of the queue and its `persistence.save`, ms. @default 1000 */
  persistInterval?: number;
  /**
   * Secret key (`sk_`, scope `read`) with `projectId`: feature flags are evaluated locally from their
   * definitions, fetched with it and refreshed every `flagsRefreshInterval` (posthog-node: `personalApiKey`).
   * Without it every flag is evaluated by the server. @default none
   */
  secretKey?: string;
  /** Project whose flag definitions `secretKey` fetches. Required with `secretKey`. */
  projectId?: number;
  /** Time between two fetches of the flag definitions, ms (posthog-node: `featureFlagsPollingInterval`). @default 30000 */
  flagsRefreshInterval?: number;
  /** Send `$feature_flag_called` (with `$feature/<key>`) the first time a person gets a flag value, for experiments. @default true */
  sendFeatureFlagEvents?: boolean;
  /** The `fetch` to use (a proxy agent, a test double). @default globalThis.fetch */
  fetch?: typeof fetch;
}

export interface ResolvedOptions extends Required<Omit<NorthstarOptions, 'onDrop' | 'persistence' | 'secretKey' | 'projectId'>> {
  onDrop?: NorthstarOptions['onDrop'];
  persistence?: QueuePersistence;
  secretKey?: string;
  projectId?: number;
}

const positive = (value: number | undefined, fallback: number): number => (value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback);

/** The options with their defaults; throws on what cannot work (no key, no host, a secret key without its project). */
export function resolveOptions(o: NorthstarOptions): ResolvedOptions {
  if (typeof o?.apiKey !== 'string' || !o.apiKey) throw new TypeError('Northstar: apiKey (a pk_ key) is required');
  if (typeof o.host !== 'string' || !/^https?:\/\//.test(o.host)) throw new TypeError('Northstar: host must be an http(s) URL, e.g. https://example.com/ns');
  if (o.secretKey !== undefined && !Number.isInteger(o.projectId)) throw new TypeError('Northstar: projectId is required with secretKey');
  const f = o.fetch ?? globalThis.fetch;
  if (typeof f !== 'function') throw new TypeError('Northstar: no fetch in this runtime; pass options.fetch');
  return {
    ...o,
    host: o.host.replace(/\/+$/, ''),
    flushSize: Math.floor(positive(o.flushSize, 100)),
    flushInterval: positive(o.flushInterval, 2000),
    maxQueueSize: Math.floor(positive(o.maxQueueSize, 10_000)),
    requestTimeout: positive(o.requestTimeout, 10_000),
    persistInterval: positive(o.persistInterval, 1000),
    flagsRefreshInterval: positive(o.flagsRefreshInterval, 30_000),
    sendFeatureFlagEvents: o.sendFeatureFlagEvents ?? true,
    // Called as a plain function: some runtimes refuse fetch called as a method of another object.
    fetch: (input, init) => f(input, init),
  };
}
