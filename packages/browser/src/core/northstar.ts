import { uuidv7 } from '@northstar/core';
import type { IdentifyRequest } from '@northstar/core';
import { Client } from './client.js';
import { log } from './debug.js';
import { sendIdentify } from './identify-request.js';
import { isUserId, mergeProps } from './identity.js';
import type { UserProperties } from './identity.js';
import { flatProperties } from './properties.js';
import type { Properties } from './properties.js';
import { revenueProperties } from './revenue.js';
import type { Revenue } from './revenue.js';

/**
 * The SDK client. `new Northstar(config)` does nothing until `start()`; `init()` creates the shared
 * one, starts it and its subsystems. Every method is a no-op before start(), after destroy() and
 * during server-side rendering.
 */
export class Northstar extends Client {
  /**
   * Binds this device to `userId`: POST `/v1/identify` `{ device_id, user_id, user_properties? }` and a
   * `$identify` event; later events carry `user_id`. An empty id, "undefined" or "null" is dropped.
   * Calling it again with the same id and no new properties sends nothing.
   */
  identify(userId: string, properties?: UserProperties): void {
    const run = this.run;
    if (!run || run.optedOut) return;
    if (!isUserId(userId)) {
      if (__NS_DEBUG__) log(this.config.debug, 'warn', 'identify() dropped: not a user id', userId);
      return;
    }
    const changed = mergeProps(run.ids, properties);
    if (run.ids.user === userId && !changed) return;
    run.ids.user = userId;
    this.saveIds();
    const props = run.ids.props;
    this.track('$identify');
    // The server records `$identify` too; one uuid for both keeps one event whichever arrives first.
    const uuid = uuidv7();
    const queued = run.queue.items.slice(-1)[0];
    if (queued?.event_name === '$identify') queued.uuid = uuid;
    // JSON leaves an undefined user_properties out.
    this.identifyRequest({ device_id: run.ids.device, user_id: userId, uuid, user_properties: Object.keys(props).length ? { ...props } : undefined });
    this.emit('identify', userId, props);
  }

  /** Updates the user properties locally; no request, no event. Later events carry them as `$user.<name>`. */
  setUserProperties(properties: UserProperties): void {
    const run = this.run;
    if (run && mergeProps(run.ids, properties)) this.saveIds();
  }

  /**
   * Super properties: every later event carries them (its own properties win a clash). Kept in
   * localStorage with the ids (once storage is allowed) until `unregister()` or `reset()`.
   */
  register(properties: Properties): void {
    const run = this.run;
    if (!run) return;
    Object.assign(run.ids.supers, flatProperties(properties));
    this.saveIds();
  }

  /** Like register(), for the names not registered yet. */
  registerOnce(properties: Properties): void {
    this.register({ ...properties, ...this.run?.ids.supers });
  }

  unregister(name: string): void {
    delete this.run?.ids.supers[name];
    this.saveIds();
  }

  /**
   * This device belongs to group `key` of `type`: later events carry `$group.<type>` = key (a super
   * property). With `properties`, a `$groupidentify` event sets them on the group as `$group_set.<name>`.
   */
  group(type: string, key: string | number, properties?: Properties): void {
    // A string whatever was given: `$group.<type>` is a str property, as query group_by needs.
    const k = `${key}`;
    this.register({ [`$group.${type}`]: k });
    if (!properties) return;
    const props: Properties = { $group_type: type, $group_key: k };
    for (const name in properties) props[`$group_set.${name}`] = properties[name];
    this.track('$groupidentify', props);
  }

  /** True after optOut() (also on later page views), false after optIn(). */
  hasOptedOut(): boolean {
    return !!this.run?.optedOut;
  }

  /** Turns the `[Sdk]` console logging on or off. Does nothing where the build drops the logging (`__NS_DEBUG__` false). */
  debug(on?: boolean): void {
    if (__NS_DEBUG__) this.config.debug = on ?? true;
  }

  /** Tracks `$revenue`; an amount that is not a finite number, or an unknown type, drops the call. */
  revenue(revenue: Revenue): void {
    const props = revenueProperties(revenue);
    if (props) this.track('$revenue', props);
    else if (__NS_DEBUG__) log(this.config.debug, 'warn', 'revenue() dropped: invalid input', revenue);
  }

  /** Logout: ends the session, then a new device id and no user id or user properties. */
  reset(): void {
    const run = this.run;
    if (!run) return;
    const now = Date.now();
    const ended = run.session.end(now);
    if (ended && !run.optedOut) this.push('$session_end', now, ended.id, { $session_duration: now - ended.start });
    run.ids = { device: uuidv7(now), props: {}, supers: {} };
    this.saveIds();
    this.persistSoon();
    run.delivery.kick();
    this.emit('reset');
  }

  /** Stops tracking and drops what is queued; remembered in localStorage (once storage is allowed). */
  optOut(): void {
    const run = this.run;
    if (!run) return;
    run.optedOut = true;
    run.held = [];
    run.queue.clear();
    run.store.set('optout', 1);
  }

  optIn(): void {
    const run = this.run;
    if (!run) return;
    run.optedOut = false;
    run.store.del('optout');
  }

  /** Allows storage and sending: the events buffered since start() go out with their original times. */
  grantConsent(): void {
    const run = this.run;
    if (!run) return;
    this.revoked = false;
    const first = !run.store.on;
    run.store.on = true;
    run.store.set('consent', 1);
    if (!first) return;
    this.enable();
    for (const body of run.held.splice(0)) this.identifyRequest(body);
  }

  /** Drops every queued event, removes every localStorage key of the SDK and de-initialises it. */
  revokeConsent(): void {
    const run = this.run;
    if (!run) return;
    run.store.on = false;
    this.revoked = true;
    this.destroy();
    run.store.clear();
  }

  /** True when events may be stored and sent: consent given, or `consentRequired` off. */
  hasConsent(): boolean {
    return !!this.run?.store.on;
  }

  getDeviceId(): string | null {
    return this.run?.ids.device ?? null;
  }

  getUserId(): string | null {
    return this.run?.ids.user ?? null;
  }

  /** The current session id; null when none was opened yet or it has expired. */
  getSessionId(): string | null {
    return this.run?.session.peek(Date.now()) ?? null;
  }

  private identifyRequest(body: IdentifyRequest): void {
    const run = this.run;
    if (!run) return;
    if (!run.store.on) run.held.push(body);
    else sendIdentify(`${this.config.endpoint}/v1/identify`, this.config.apiKey, body, () => this.run === run, __NS_DEBUG__ && this.config.debug);
  }

  private saveIds(): void {
    const run = this.run;
    if (!run) return;
    this.rebase();
    run.store.set('ids', run.ids);
  }
}
