import type { FlagsEvaluateRequest, FlagValue } from '@northstar/core';
import type { Client } from '../../core/client.js';
import { log } from '../../core/debug.js';
import type { FeatureFlagsApi, FeatureFlagsListener, FeatureFlagState, FlagSource } from '../../core/feature-flags-api.js';
import type { Northstar } from '../../core/northstar.js';
import { postJson } from '../../core/transport.js';
import { readBootstrap } from './flag-bootstrap.js';
import { dropCache, readCache, writeCache } from './flag-cache.js';

/** The exposure event experiments count (docs/alerts-experiments.md). */
export const FLAG_CALLED_EVENT = '$feature_flag_called';

/** The flags of a started client, and what stops them. */
export interface FlagStore {
  flags: FeatureFlagsApi;
  stop(): void;
}

/**
 * The feature flags of `client` (docs/flags.md): bootstrap values first (`init`'s, else the page's), then
 * this tab session's cache for the same person, then the server's answer to `/v1/flags/evaluate`
 * (asked at once, again after identify() and reset()). Reads send `$feature_flag_called` once per
 * flag and value per SDK session.
 */
export function createFlagStore(client: Client): FlagStore {
  const c = client.config;
  const cacheName = `ns_${c.apiKey}_flags`;
  const known = new Map<string, [FlagValue, FlagSource]>();
  const listeners = new Set<FeatureFlagsListener>();
  const waiters = new Set<() => void>();
  let exposures = new Set<string>();
  let exposureSession: string | null | undefined;
  /** A load (answered or failed) finished for the current person; `answered`: the server's values are in `known`. */
  let loaded = false;
  let answered = false;
  let failed = false;
  let last: FlagSource = 'server';
  /** Bumped whenever an answer in flight stops being wanted (a new person, a newer load, stop). */
  let generation = 0;

  const ids = () => client.run?.ids;
  const person = (): string | undefined => ids()?.user ?? ids()?.device;

  const all = (): Record<string, FlagValue> => Object.fromEntries([...known].map(([key, [value]]) => [key, value]));

  const save = (): void => {
    const run = client.run;
    const p = person();
    if (run?.store.on && p) writeCache(cacheName, { p, f: all(), s: exposureSession, x: [...exposures] });
  };

  const notify = (): void => {
    const values = all();
    for (const listener of [...listeners]) {
      try {
        listener(values, { source: last, failed });
      } catch (error) {
        if (__NS_DEBUG__) log(c.debug, 'error', 'an onFeatureFlags listener failed', error);
      }
    }
    for (const check of [...waiters]) check();
  };

  const peek = (key: string): FeatureFlagState => {
    const entry = known.get(key);
    if (entry) return { status: 'ready', value: entry[0], source: entry[1] };
    return loaded ? { status: 'ready', value: false, source: answered ? 'server' : 'fallback' } : { status: 'loading', value: undefined };
  };

  const expose = (key: string, state: FeatureFlagState): void => {
    const run = client.run;
    if (!run || state.status !== 'ready' || state.source === 'fallback') return;
    const session = run.session.peek(Date.now());
    if (session !== exposureSession) exposures = new Set();
    const id = `${key}=${String(state.value)}`;
    if (exposures.has(id)) return;
    exposures.add(id);
    const value = String(state.value);
    client.track(FLAG_CALLED_EVENT, { $feature_flag: key, $feature_flag_response: value, [`$feature/${key}`]: value });
    exposureSession = run.session.peek(Date.now());
    save();
  };

  const state = (key: string): FeatureFlagState => {
    const s = peek(key);
    expose(key, s);
    return s;
  };

  /** A load asked for before consent, made by grantConsent(). */
  let held = false;

  const load = async (): Promise<void> => {
    const run = client.run;
    if (!run) return;
    // `consentRequired`: nothing is sent before grantConsent(), flags included (bootstrap values still work).
    held = !run.store.on;
    if (held) return;
    const at = ++generation;
    const { device, user, props } = run.ids;
    const body: FlagsEvaluateRequest = { device_id: device };
    if (user) body.user_id = user;
    if (Object.keys(props).length) body.user_properties = { ...props };
    const res = await postJson(`${c.endpoint}/v1/flags/evaluate`, c.apiKey, body);
    const json = (res?.ok ? await res.json().catch(() => undefined) : undefined) as { flags?: unknown } | undefined;
    if (at !== generation) return;
    const flags = json?.flags;
    if (flags && typeof flags === 'object' && !Array.isArray(flags)) {
      known.clear();
      for (const [key, value] of Object.entries(flags)) if (typeof value === 'string' || typeof value === 'boolean') known.set(key, [value, 'server']);
      answered = true;
      failed = false;
      last = 'server';
      save();
    } else {
      failed = true;
      if (__NS_DEBUG__) log(c.debug, 'warn', `feature flags failed to load (${res?.status ?? 'network'})`);
    }
    loaded = true;
    notify();
  };

  /** The person changed: identify() keeps the values shown until the new ones come; reset() forgets them. */
  const personChanged = (forget: boolean): void => {
    generation++;
    loaded = answered = failed = false;
    if (forget) {
      known.clear();
      exposures = new Set();
      dropCache(cacheName);
      notify();
    }
    void load();
  };

  // Start from what is known: the cache of this tab session for this person, then the bootstrap over it.
  const boot = readBootstrap(c.bootstrap);
  const run = client.run;
  if (boot.distinctID && run && boot.distinctID !== run.ids.user && boot.distinctID !== run.ids.device) {
    (client as Partial<Northstar>).identify?.(boot.distinctID);
  }
  const cache = readCache(cacheName);
  if (cache && cache.p === person()) {
    for (const [key, value] of Object.entries(cache.f)) if (typeof value === 'string' || typeof value === 'boolean') known.set(key, [value, 'cache']);
    exposureSession = cache.s;
    exposures = new Set(Array.isArray(cache.x) ? cache.x : []);
    last = 'cache';
  }
  for (const [key, value] of Object.entries(boot.flags)) known.set(key, [value, 'bootstrap']);
  if (Object.keys(boot.flags).length) last = 'bootstrap';
  // grantConsent() has no hook (the core client has no bytes to spare): this instance's is wrapped instead.
  const northstar = client as Partial<Northstar>;
  const grant = northstar.grantConsent?.bind(client);
  const wrapped = (): void => {
    grant?.();
    if (held) void load();
  };
  if (grant) northstar.grantConsent = wrapped;
  const offIdentify = client.on('identify', () => personChanged(false));
  const offReset = client.on('reset', () => personChanged(true));
  void load();

  const on = (listener: FeatureFlagsListener): (() => void) => {
    listeners.add(listener);
    if (known.size || loaded) listener(all(), { source: last, failed });
    return () => listeners.delete(listener);
  };

  const flags: FeatureFlagsApi = {
    get: (key) => state(key).value,
    isEnabled(key) {
      const value = state(key).value;
      return value === undefined ? undefined : value !== false;
    },
    state,
    all,
    on,
    reload: load,
    resolve: (key) =>
      new Promise<FlagValue>((done) => {
        const check = (): void => {
          const s = peek(key);
          if (s.status === 'ready') {
            waiters.delete(check);
            done(s.value);
          }
        };
        waiters.add(check);
        check();
      }),
  };

  return {
    flags,
    stop() {
      generation++;
      if (northstar.grantConsent === wrapped) delete northstar.grantConsent;
      offIdentify();
      offReset();
      listeners.clear();
      for (const check of [...waiters]) {
        // Nothing will come: renderers waiting on a value get `false` (show nothing).
        loaded = true;
        check();
      }
      waiters.clear();
    },
  };
}
