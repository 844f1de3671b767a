import { pageViews } from './autocapture/page-views.js';
import { Northstar } from './client.js';
import { captures } from './config.js';
import type { NorthstarConfig } from './config.js';
import { log } from './debug.js';
import type { Properties } from './properties.js';

export { Northstar } from './client.js';
export type { Plugin } from './client.js';
export type { NorthstarConfig, AutocaptureConfig, ReplayConfig } from './config.js';
export type { Properties } from './properties.js';
export { pageViews } from './autocapture/page-views.js';

let instance: Northstar | undefined;

/**
 * Creates and starts the shared instance with the subsystems the config enables (today: page
 * views). Called again while that instance runs, returns it unchanged.
 */
export function init(config: NorthstarConfig): Northstar {
  if (instance?.active) {
    if (__NS_DEBUG__) log(instance.config.debug, 'warn', 'init() called again: returning the existing instance');
    return instance;
  }
  instance = new Northstar(config).start();
  if (captures(config, 'pageViews')) instance.use(pageViews);
  return instance;
}

/** Tracks on the shared instance; does nothing before init(). */
export function track(event: string, properties?: Properties): void {
  instance?.track(event, properties);
}

/** The shared instance created by init(), if any. */
export function getInstance(): Northstar | undefined {
  return instance;
}
