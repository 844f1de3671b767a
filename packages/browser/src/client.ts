import { SDK_KEY_PREFIX, uuidv7 } from '@northstar/core';
import type { TrackedEvent } from '@northstar/core';
import { resolveConfig } from './config.js';
import type { NorthstarConfig, ResolvedConfig } from './config.js';
import { pageContext } from './context.js';
import type { PageContext } from './context.js';
import { log } from './debug.js';
import { createDelivery } from './delivery.js';
import type { Delivery } from './delivery.js';
import { createQueue } from './queue.js';
import type { Queue } from './queue.js';
import { onPageHide } from './page-hide.js';
import { splitProperties } from './properties.js';
import type { Properties } from './properties.js';
import { createSession } from './session.js';
import type { Session } from './session.js';
import { load, save } from './storage.js';

/** A subsystem: set up against a started client, returns its teardown. */
export type Plugin = (client: Northstar) => () => void;

/** Delay before queue and session are written to localStorage after a change, ms. */
const PERSIST_DELAY = 500;

/** Everything that exists only between start() and destroy(). */
interface Running {
  queue: Queue;
  delivery: Delivery;
  session: Session;
  deviceId: string;
  context: PageContext;
  teardowns: (() => void)[];
  persistTimer?: ReturnType<typeof setTimeout>;
}

export class Northstar {
  readonly config: ResolvedConfig;
  private run?: Running;

  /** Only reads the config: nothing is stored, sent or listened to before start(). */
  constructor(config: NorthstarConfig) {
    this.config = resolveConfig(config);
  }

  /** True between a successful start() and destroy(). */
  get active(): boolean {
    return !!this.run;
  }

  /** Starts the queue, timers and page listeners. Without a window (SSR) or a valid key, does nothing. */
  start(): this {
    const c = this.config;
    if (this.run || typeof window === 'undefined') return this;
    if (!c.apiKey?.startsWith(SDK_KEY_PREFIX) || !c.endpoint) {
      // Shown whenever debug code is built in, even without `debug`: a silent misconfiguration is worse.
      if (__NS_DEBUG__) log(true, 'error', 'not started: `apiKey` must start with pk_ and `endpoint` is required', c);
      return this;
    }
    const prefix = `ns_${c.apiKey}_`;
    const queue = createQueue(`${prefix}queue`, c.maxQueueSize);
    const stored = load(`${prefix}device`);
    const deviceId = typeof stored === 'string' ? stored : uuidv7();
    if (deviceId !== stored) save(`${prefix}device`, deviceId);
    const delivery = createDelivery({ ...c, url: `${c.endpoint}/v1/track`, queue, changed: () => this.persistSoon() });
    const session = createSession(`${prefix}session`, c.sessionTimeout);
    const run: Running = { queue, delivery, session, deviceId, context: pageContext(), teardowns: [] };
    this.run = run;

    const stopListening = onPageHide(() => {
      this.persist();
      delivery.hide();
    });
    run.teardowns.push(stopListening);
    if (__NS_DEBUG__) log(c.debug, 'log', `started; ${queue.items.length} event(s) restored`);
    if (queue.items.length) delivery.kick();
    return this;
  }

  /** Sets up a subsystem on a started client; destroy() tears it down. */
  use(plugin: Plugin): this {
    this.run?.teardowns.push(plugin(this));
    return this;
  }

  /** Queues an event. `$pageview` also re-reads the page context that every later event carries. */
  track(event: string, properties?: Properties): void {
    const run = this.run;
    if (!run || !event || typeof event !== 'string') {
      if (__NS_DEBUG__ && run) log(this.config.debug, 'warn', 'track() needs an event name');
      return;
    }
    const now = Date.now();
    if (event === '$pageview') run.context = pageContext(run.context);
    const { str, num } = splitProperties(run.context, properties);
    const e: TrackedEvent = {
      event_name: event,
      uuid: uuidv7(now),
      timestamp: new Date(now).toISOString(),
      device_id: run.deviceId,
      session_id: run.session.touch(now),
      str_properties: str,
      num_properties: num,
    };
    const kept = run.queue.push(e);
    if (__NS_DEBUG__) log(this.config.debug, kept ? 'log' : 'warn', kept ? 'queued' : 'queue full, dropped the oldest', e);
    this.persistSoon();
    run.delivery.kick();
  }

  /** Sends the queue now. Resolves when sent, or at once during a retry backoff; never rejects. */
  flush(): Promise<void> {
    return this.run ? this.run.delivery.flush() : Promise.resolve();
  }

  getDeviceId(): string | null {
    return this.run?.deviceId ?? null;
  }

  getSessionId(): string | null {
    return this.run?.session.peek(Date.now()) ?? null;
  }

  /** Stops timers, listeners and subsystems. Undelivered events stay stored for the next page view. */
  destroy(): void {
    const run = this.run;
    if (!run) return;
    this.persist();
    this.run = undefined;
    run.delivery.stop();
    for (const teardown of run.teardowns.reverse()) teardown();
  }

  private persistSoon(): void {
    const run = this.run;
    if (run && !run.persistTimer) run.persistTimer = setTimeout(() => this.persist(), PERSIST_DELAY);
  }

  private persist(): void {
    const run = this.run;
    if (!run) return;
    clearTimeout(run.persistTimer);
    run.persistTimer = undefined;
    run.queue.save();
    run.session.save();
  }
}
