import { SDK_KEY_PREFIX, finishEvent, uuidv7 } from '@northstar/core';
import type { TrackedEvent } from '@northstar/core';
import { holdLock, watchOrphans } from './adopt.js';
import { resolveConfig } from './config.js';
import type { NorthstarConfig, ResolvedConfig } from './config.js';
import { pageContext } from './context.js';
import { log } from './debug.js';
import type { FeatureFlagsApi } from './feature-flags-api.js';
import type { ClientHooks, HookListener, HookListeners, HookName } from './hooks.js';
import { onPageHide } from './page-hide.js';
import { splitProperties, withUser } from './properties.js';
import type { Properties } from './properties.js';
import { openRun } from './running.js';
import type { Running } from './running.js';
import { createStore } from './storage.js';
import { syncTabs } from './tab-sync.js';

/**
 * A subsystem (page views, and later autocapture, replay, ...), set up on a started client by `use()`,
 * or by `init()` for the ones its config enables. Modelled on Sentry's integrations.
 */
export interface Plugin {
  /** Identifies the plugin (`pageViews`, ...). */
  name: string;
  /** Called once, on a started client: adds hooks (`client.on`), listeners, timers. Returns what destroy() calls. */
  setup?(client: Client): (() => void) | void;
  /**
   * Runs on every event before it is queued, in the order the plugins were set up and before
   * `beforeSend`: returns the event, enriched or edited, to keep it, or null to drop it. An error
   * thrown here skips this step: the event goes on as it was given.
   */
  processEvent?(event: TrackedEvent, client: Client): TrackedEvent | null;
}

/** Delay before the queue and session are written to localStorage after a change, ms. */
const PERSIST_DELAY = 500;

/** The client core: lifecycle, events and delivery. `Northstar` adds identity and privacy operations. */
export class Client {
  // Declared, not initialised as class fields: the es2020 build would add a define-property helper.
  declare readonly config: ResolvedConfig;
  /** @internal State between start() and destroy(). */
  declare run?: Running;
  /** @internal Set by revokeConsent(): the next start() waits for grantConsent(). */
  declare revoked?: boolean;
  /** @internal Listeners added with on(). */
  declare hooks?: HookListeners;
  /** The feature flags, once the `featureFlags` plugin is set up on this client (docs/flags.md). */
  declare flags?: FeatureFlagsApi;

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
    const store = createStore(prefix);
    // Reading is not storing: a consent given on an earlier page view is found here.
    store.on = !(c.consentRequired || this.revoked) || store.get('consent') === 1;
    const tab = uuidv7();
    const run = (this.run = openRun(
      c,
      store,
      tab,
      () => this.persistSoon(),
      (batch, status) => this.emit('flush', batch, status),
    ));
    const { queue, delivery } = run;
    const adopt = (events: TrackedEvent[]): void => {
      const dropped = queue.absorb(events);
      if (__NS_DEBUG__) log(c.debug, dropped ? 'warn' : 'log', `adopted ${events.length} event(s), dropped ${dropped}`);
      queue.save();
      delivery.kick();
    };
    const hide = onPageHide((unloading) => {
      delivery.hide(unloading);
      this.persist(unloading);
    });
    if (store.on) this.enable();
    const sync = syncTabs(
      prefix,
      run,
      () => this.rebase(),
      () => {
        store.on = false;
        this.revoked = true;
        this.destroy();
      },
    );
    run.teardowns.push(
      holdLock(`${prefix}tab.${tab}`),
      hide,
      sync,
      watchOrphans(() => store.on, store, tab, `${prefix}tab.`, adopt),
    );
    if (__NS_DEBUG__) log(c.debug, 'log', store.on ? 'started' : 'waiting for consent');
    return this;
  }

  /** Sets up a plugin on a started client; destroy() tears it down. Use each plugin once per start(). */
  use(plugin: Plugin): this {
    const run = this.run;
    if (!run) return this;
    if (plugin.processEvent) run.steps.push((event) => plugin.processEvent?.(event, this));
    const teardown = plugin.setup?.(this);
    if (teardown) run.teardowns.push(teardown);
    return this;
  }

  /** Calls `listener` on every `hook` of this client (see ClientHooks) until the returned function is called. */
  on<K extends HookName>(hook: K, listener: HookListener<K>): () => void {
    const hooks: HookListeners = (this.hooks ??= {});
    const listeners = (hooks[hook] ??= []) as HookListener<K>[];
    listeners.push(listener);
    return () => {
      const i = listeners.indexOf(listener);
      if (i >= 0) listeners.splice(i, 1);
    };
  }

  /** @internal Calls the listeners of `hook`; one that throws does not stop the others or the caller. */
  emit<K extends HookName>(hook: K, ...args: ClientHooks[K]): void {
    for (const listener of this.hooks?.[hook]?.slice() ?? []) {
      try {
        listener(...args);
      } catch (error) {
        if (__NS_DEBUG__) log(this.config.debug, 'error', `a ${hook} listener failed`, error);
      }
    }
  }

  /** Queues an event. `$pageview` also re-reads the page context that every later event carries. */
  track(event: string, properties?: Properties): void {
    const run = this.run;
    if (!run || run.optedOut || !event || typeof event !== 'string') {
      if (__NS_DEBUG__ && run) log(this.config.debug, 'warn', run.optedOut ? 'opted out: not tracked' : 'track() needs an event name');
      return;
    }
    if (event === '$pageview') {
      // Before the page context moves on: a listener's events (`$pageleave`) still carry the page left.
      this.emit('pageview');
      run.context = pageContext(run.context);
      this.rebase();
    }
    const now = Date.now();
    const s = run.session.touch(now, run.context.utm);
    if (s.ended) this.push('$session_end', s.ended.last, s.ended.id, { $session_duration: s.ended.last - s.ended.start });
    if (s.id !== run.baseSession) this.rebase();
    if (s.started) this.push('$session_start', now, s.id);
    this.push(event, now, s.id, properties);
    this.persistSoon();
    run.delivery.kick();
  }

  /** Sends the queue now. Resolves when sent, or at once during a retry backoff; never rejects. */
  flush(): Promise<void> {
    return this.run ? this.run.delivery.flush() : Promise.resolve();
  }

  /** Stops timers, listeners and subsystems. Undelivered events stay stored for the next page view. */
  destroy(): void {
    const run = this.run;
    if (!run) return;
    this.persist(true);
    this.run = undefined;
    run.delivery.stop();
    for (const teardown of run.teardowns.reverse()) teardown();
  }

  /**
   * @internal Queues one event, at `time`, in session `sessionId`. With no processEvent step, no
   * beforeSend and no `event` listener it stays a draft, finished off the call path; otherwise it is
   * finished now and goes through the steps first.
   */
  push(name: string, time: number, sessionId: string | null, properties?: Properties): void {
    const run = this.run as Running;
    const { beforeSend } = this.config;
    let e: TrackedEvent | null | undefined = { event_name: name, device_id: run.ids.device };
    if (sessionId) e.session_id = sessionId;
    if (run.ids.user) e.user_id = run.ids.user;
    const own = splitProperties(properties);
    const eager = run.steps.length || beforeSend || this.hooks?.event?.length;
    if (eager) {
      finishEvent(e, time, run.base, own);
      for (const step of beforeSend ? [...run.steps, beforeSend] : run.steps) {
        try {
          e = step(e);
        } catch (error) {
          if (__NS_DEBUG__) log(this.config.debug, 'error', 'a processEvent step failed: the event goes on as it was', error);
        }
        if (!e) {
          if (__NS_DEBUG__) log(this.config.debug, 'log', `dropped by processEvent or beforeSend: ${name}`);
          return;
        }
      }
    }
    // No const for the answer: only the debug log reads it, and a production build would keep the unused binding.
    if (eager ? run.queue.add(e) : run.queue.push(e, time, run.base, own)) {
      if (__NS_DEBUG__) log(this.config.debug, 'log', 'queued', e);
    } else if (__NS_DEBUG__) log(this.config.debug, 'warn', 'queue full (maxQueueSize): dropped the oldest event', e);
    if (eager) this.emit('event', e);
  }

  /** @internal Storage is allowed from now on (`store.on` is set): write the state and send what waited. */
  enable(): void {
    const run = this.run as Running;
    run.store.set('ids', run.ids);
    if (run.optedOut) run.store.set('optout', 1);
    this.persist();
    run.delivery.kick();
  }

  /** @internal Recomputes what every event starts from, after the page or the user properties changed. */
  rebase(): void {
    const run = this.run;
    if (!run) return;
    run.baseSession = run.session.peek(Date.now());
    run.base = withUser(run.context, run.ids.props, run.ids.supers, run.session.utm());
  }

  /** @internal */
  persistSoon(): void {
    const run = this.run;
    if (run && !run.persistTimer) run.persistTimer = setTimeout(() => this.persist(), PERSIST_DELAY);
  }

  /** @internal Writes the queue and session; `released` lets other tabs adopt the queue at once. */
  persist(released?: boolean): void {
    const run = this.run;
    if (!run) return;
    clearTimeout(run.persistTimer);
    run.persistTimer = undefined;
    if (!run.store.on) return;
    run.queue.save(released);
    run.session.save();
  }
}
