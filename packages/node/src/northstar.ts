import { createDelivery, createEventQueue, retryable, uuidv7 } from '@northstar/core';
import type { Delivery, EventQueue, IdentifyRequest, PropertyMaps, SendResult, TrackedEvent } from '@northstar/core';
import { createFeatureFlags } from './flags/feature-flags.js';
import type { FeatureFlags } from './flags/feature-flags.js';
import type { FlagQuery, FlagValue } from './flags/flag-types.js';
import { createIdentifySender } from './identify-sender.js';
import type { IdentifySender } from './identify-sender.js';
import { isPersonId, splitProperties, timeOf } from './messages.js';
import type { IdentifyMessage, TrackMessage } from './messages.js';
import { resolveOptions } from './options.js';
import type { DropReason, NorthstarOptions, ResolvedOptions } from './options.js';
import { createQueueSaver } from './queue-saver.js';
import type { QueueSaver } from './queue-saver.js';
import { revenueProperties } from './revenue.js';
import { sleep } from './sleep.js';
import type { RevenueMessage } from './revenue.js';
import { drainUntil } from './shutdown.js';
import type { ShutdownOptions, ShutdownReport } from './shutdown.js';
import { sendBatch } from './transport.js';
import type { Transport } from './transport.js';
import { VERSION } from './version.js';

/** Counts since the client was created. */
export interface NorthstarStats {
  /** Events waiting to be delivered. */
  queued: number;
  /** Events the server confirmed. */
  delivered: number;
  /** Events dropped because the queue was full (`maxQueueSize`). */
  dropped: number;
  /** Events the server refused (a 4xx, or listed in `rejected`): sending them again would not help. */
  rejected: number;
}

/**
 * The server-side client: `track`, `identify` and `revenue` queue events that go out in batches (at
 * `flushSize` events or after `flushInterval`), retried after network errors, 408, 429 and 5xx
 * (honouring `Retry-After`) and never given up while the process runs; `shutdown()` delivers what it
 * can before a deadline and reports the rest. One instance per process, created at start.
 */
export class Northstar {
  private readonly o: ResolvedOptions;
  private readonly queue: EventQueue;
  private readonly delivery: Delivery;
  private readonly transport: Transport;
  private readonly abort = new AbortController();
  private readonly identifies: IdentifySender;
  private readonly saver: QueueSaver;
  private readonly flags: FeatureFlags;
  private readonly base: PropertyMaps = { str: { $lib: 'northstar-node', $lib_version: VERSION }, num: {} };
  private readonly counts = { delivered: 0, dropped: 0, rejected: 0 };
  private readonly loaded: Promise<void>;
  private closing: Promise<ShutdownReport> | undefined;

  constructor(options: NorthstarOptions) {
    const o = (this.o = resolveOptions(options));
    this.transport = { fetch: o.fetch, timeout: o.requestTimeout, signal: this.abort.signal };
    this.queue = createEventQueue(o.maxQueueSize, () => undefined);
    this.saver = createQueueSaver(
      o.persistence,
      o.persistInterval,
      () => this.queue.ready(),
      () => undefined,
    );
    this.delivery = createDelivery({
      queue: this.queue,
      send: (batch) => sendBatch(this.transport, `${o.host}/v1/track`, o.apiKey, batch).then((r) => this.settled(batch, r)),
      flushInterval: o.flushInterval,
      flushSize: o.flushSize,
      paused: () => false,
      changed: () => this.saver.schedule(),
      unref: true,
    });
    this.identifies = createIdentifySender(this.transport, `${o.host}/v1/identify`, o.apiKey, o.maxQueueSize);
    this.flags = createFeatureFlags(o, this.transport, (message) => this.track(message));
    this.loaded = this.load();
  }

  /** Queues an event; false when it was not queued (no valid event name or person, an invalid time, or after shutdown). */
  track(message: TrackMessage): boolean {
    if (this.closing || typeof message?.event !== 'string' || !message.event) return false;
    const { userId, deviceId } = message;
    const user = isPersonId(userId);
    const device = isPersonId(deviceId);
    const time = timeOf(message.timestamp);
    if ((!user && !device) || time === undefined) return false;
    const event: TrackedEvent = { event_name: message.event };
    if (user) event.user_id = userId;
    if (device) event.device_id = deviceId;
    if (message.sessionId) event.session_id = message.sessionId;
    if (message.uuid) event.uuid = message.uuid;
    const q = this.queue;
    // Full: the oldest event leaves to make room, finished first so that onDrop sees its uuid and time.
    const oldest = q.items.length >= this.o.maxQueueSize ? q.ready()[0] : undefined;
    q.push(event, time, this.base, splitProperties(message.properties));
    if (oldest) this.drop([oldest], 'queue_full');
    this.delivery.kick();
    this.saver.schedule();
    return true;
  }

  /**
   * Links a device to a user and merges the user's properties (`POST /v1/identify`), and queues the
   * matching `$identify` event (the server keeps one of the two by uuid). False when `userId` is not a user id.
   */
  identify(message: IdentifyMessage): boolean {
    const { userId, properties } = message ?? {};
    if (this.closing || !isPersonId(userId)) return false;
    const deviceId = isPersonId(message.deviceId) ? message.deviceId : userId;
    const uuid = uuidv7();
    if (!this.track({ event: '$identify', userId, deviceId, uuid })) return false;
    const body: IdentifyRequest = { device_id: deviceId, user_id: userId, uuid };
    if (properties) body.user_properties = properties;
    this.identifies.send(body);
    return true;
  }

  /** Queues a `$revenue` event (`$revenue`, `$revenue_type`, `$currency`, `$product_id`); false when the amount, type or currency is invalid. */
  revenue(message: RevenueMessage): boolean {
    const properties = revenueProperties(message);
    return properties !== undefined && this.track({ ...message, event: '$revenue', properties });
  }

  /** Sends everything queued now; resolves when the queue is empty or a retry had to be scheduled. Never rejects. */
  async flush(): Promise<void> {
    await this.loaded;
    await this.delivery.flush();
  }

  /**
   * Stops taking events, delivers what is queued (and pending identifies) until everything is
   * confirmed or `timeoutMs` passes, then saves what is left through `persistence` and reports it.
   * Requests still running at the deadline are aborted: it never waits past the deadline (plus the
   * time `persistence.save` takes). Calling it again returns the same report.
   */
  shutdown(options: ShutdownOptions = {}): Promise<ShutdownReport> {
    return (this.closing ??= this.close(options.timeoutMs ?? 10_000));
  }

  stats(): NorthstarStats {
    return { queued: this.queue.items.length, ...this.counts };
  }

  /** A flag's value for a person: the variant key, true, or false (also when unknown or on failure). */
  getFeatureFlag(key: string, query: FlagQuery): Promise<FlagValue> {
    return this.flags.get(key, query);
  }

  /** True when the flag is on for the person (any variant counts as on). */
  async isFeatureEnabled(key: string, query: FlagQuery): Promise<boolean> {
    return (await this.flags.get(key, query)) !== false;
  }

  /** Every active flag's value for a person. */
  getAllFlags(query: FlagQuery): Promise<Record<string, FlagValue>> {
    return this.flags.all(query);
  }

  /** Fetches the flag definitions now (local evaluation only); resolves when done. */
  reloadFeatureFlags(): Promise<void> {
    return this.flags.reload();
  }

  private async load(): Promise<void> {
    try {
      const stored = await this.o.persistence?.load();
      const events = Array.isArray(stored) ? stored.filter((e) => typeof e?.event_name === 'string') : [];
      if (!events.length) return;
      // Past maxQueueSize the oldest saved events are dropped: counted, though no longer at hand for onDrop.
      this.counts.dropped += this.queue.absorb(events);
      this.delivery.kick();
    } catch {
      // Nothing readable was stored: start empty.
    }
  }

  /** Counts what a response did to the queue, as the core delivery will apply it. */
  private settled(batch: TrackedEvent[], r: SendResult): SendResult {
    if (retryable(r.status) || (r.status === 413 && batch.length > 1)) return r;
    const refused = r.rejected ? r.rejected.map((i) => batch[i] as TrackedEvent) : r.status >= 300 ? batch : [];
    this.counts.delivered += batch.length - refused.length;
    this.drop(refused, 'rejected');
    return r;
  }

  private drop(events: readonly TrackedEvent[], reason: DropReason): void {
    this.counts[reason === 'queue_full' ? 'dropped' : 'rejected'] += events.length;
    for (const event of events) {
      try {
        this.o.onDrop?.(event, reason);
      } catch {
        // The app's hook may not break delivery.
      }
    }
  }

  private async close(timeoutMs: number): Promise<ShutdownReport> {
    this.flags.stop();
    await drainUntil(timeoutMs, this.abort, async (deadline) => {
      await Promise.race([this.loaded, deadline.reached]);
      await Promise.all([this.drainQueue(deadline.at), this.identifies.settled()]);
    });
    this.delivery.stop();
    const undelivered = [...this.queue.ready()];
    await this.saver.saveNow(undelivered);
    const undeliveredIdentifies = this.identifies.undelivered();
    return { undelivered, undeliveredIdentifies, ...this.counts, complete: !undelivered.length && !undeliveredIdentifies.length };
  }

  /** Flushes, waits out each backoff, and flushes again, until the queue is empty or the next try would come after `at`. */
  private async drainQueue(at: number): Promise<void> {
    for (;;) {
      await this.delivery.flush();
      if (!this.queue.items.length || this.abort.signal.aborted) return;
      const resume = this.delivery.resumesAt();
      if (resume >= at) return;
      await sleep(resume - Date.now(), this.abort.signal);
    }
  }
}
