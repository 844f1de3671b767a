import { captures } from './core/config.js';
import type { NorthstarConfig } from './core/config.js';
import { log } from './core/debug.js';
import type { UserProperties } from './core/identity.js';
import { Northstar } from './core/northstar.js';
import type { Properties } from './core/properties.js';
import type { Revenue } from './core/revenue.js';
import { pageViews } from './plugins/page-views/page-views.js';

let instance: Northstar | undefined;
/** After revokeConsent(), a new init() on this page waits for grantConsent() whatever its config says. */
let revoked = false;

/**
 * Creates and starts the shared instance with the subsystems the config enables (today: page
 * views). Called again while that instance runs, returns it unchanged.
 */
export function init(config: NorthstarConfig): Northstar {
  if (instance?.active) {
    if (__NS_DEBUG__) log(instance.config.debug, 'warn', 'init() called again: returning the existing instance');
    return instance;
  }
  instance = new Northstar(config);
  instance.revoked = revoked;
  instance.start();
  if (captures(config, 'pageViews')) instance.use(pageViews);
  return instance;
}

/** The shared instance created by init(), if any. */
export function getInstance(): Northstar | undefined {
  return instance;
}

// The operations of the shared instance: each does nothing before init() and on the server.

/** Queues a custom event; numbers go to num_properties, the rest to str_properties. */
export const track = (event: string, properties?: Properties): void => instance?.track(event, properties);
/** Binds this device to a user: POST /v1/identify and a `$identify` event. */
export const identify = (userId: string, properties?: UserProperties): void => instance?.identify(userId, properties);
/** Updates the user properties locally; later events carry them. */
export const setUserProperties = (properties: UserProperties): void => instance?.setUserProperties(properties);
/** Super properties: every later event carries them; kept until unregister() or reset(). */
export const register = (properties: Properties): void => instance?.register(properties);
/** register() for the names not registered yet. */
export const registerOnce = (properties: Properties): void => instance?.registerOnce(properties);
export const unregister = (name: string): void => instance?.unregister(name);
/** Later events carry `$group.<type>` = key; with properties, a `$groupidentify` event sets them on the group. */
export const group = (type: string, key: string | number, properties?: Properties): void => instance?.group(type, key, properties);
/** Tracks `$revenue`. */
export const revenue = (r: Revenue): void => instance?.revenue(r);
/** New device id, new session, no user id or user properties. */
export const reset = (): void => instance?.reset();
/** Sends the queue now; never rejects. */
export const flush = (): Promise<void> => instance?.flush() ?? Promise.resolve();
export const optOut = (): void => instance?.optOut();
export const optIn = (): void => instance?.optIn();
export const hasOptedOut = (): boolean => instance?.hasOptedOut() ?? false;
/** Turns the `[Sdk]` console logging on or off (not in builds that define `__NS_DEBUG__` false). */
export const debug = (on?: boolean): void => instance?.debug(on);
export const grantConsent = (): void => {
  revoked = false;
  instance?.grantConsent();
};
/** Drops the queue, clears the SDK's localStorage keys and de-initialises; init() + grantConsent() resume. */
export const revokeConsent = (): void => {
  if (instance?.active) revoked = true;
  instance?.revokeConsent();
};
export const hasConsent = (): boolean => instance?.hasConsent() ?? false;
export const getDeviceId = (): string | null => instance?.getDeviceId() ?? null;
export const getUserId = (): string | null => instance?.getUserId() ?? null;
export const getSessionId = (): string | null => instance?.getSessionId() ?? null;
/** Stops timers, listeners and subsystems of the shared instance. */
export const destroy = (): void => instance?.destroy();
