import type { NorthstarConfig } from './core/config.js';
import { log } from './core/debug.js';
import * as sdk from './shared-instance.js';
import type { Northstar } from './core/northstar.js';
import type { Plugin } from './core/client.js';

/** One command of the script-tag queue: `['track', 'signup', { plan: 'pro' }]`. */
export type Command = [string, ...unknown[]];

/** What `window.northstar` becomes once the script has loaded. */
export interface NorthstarGlobal {
  push(command: Command): void;
  /** The operations passed to installGlobal as `methods` (the CDN script's flag functions), callable once the script has loaded. */
  [method: string]: unknown;
  /** The instance created by the `init` command. */
  _instance?: Northstar;
}

/** `init` options of the script-tag form: `key` is the `apiKey`; `endpoint` may be left out. */
export type SnippetConfig = Omit<NorthstarConfig, 'apiKey' | 'endpoint'> & { key: string; endpoint?: string };

/** Commands other than `init`: the operations of the shared instance. Getters live on `_instance`. */
const COMMANDS: Record<string, (...args: never[]) => unknown> = {
  track: sdk.track,
  identify: sdk.identify,
  setUserProperties: sdk.setUserProperties,
  register: sdk.register,
  registerOnce: sdk.registerOnce,
  unregister: sdk.unregister,
  group: sdk.group,
  revenue: sdk.revenue,
  reset: sdk.reset,
  flush: sdk.flush,
  optOut: sdk.optOut,
  optIn: sdk.optIn,
  grantConsent: sdk.grantConsent,
  revokeConsent: sdk.revokeConsent,
  destroy: sdk.destroy,
  debug: sdk.debug,
};

/**
 * The server serves the script at `<base>/sdk/northstar.js` and collects at `<base>/v1/track`,
 * so the base is the script URL without its `/sdk/...` tail. Undefined for any other script URL.
 */
export function endpointFromScript(src: string | null | undefined): string | undefined {
  return src ? /^(.*)\/sdk\/[^/?#]*(?:[?#].*)?$/.exec(src)?.[1] : undefined;
}

/**
 * Replaces the `window.northstar` command array with the live global and replays what the page
 * queued before the script loaded, in order. Commands pushed before `init` wait for it. `nonce` is
 * the CSP nonce of the SDK's own script tag: the default of the `nonce` option. `plugins` are set up on
 * each instance `init` creates (each reads its own option, e.g. `frustration: false`). `methods` become
 * methods of the global (`northstar.getFeatureFlag(key)`, answering at once) and commands of the queue
 * (`push(['onFeatureFlags', callback])`, which waits for `init` like the others).
 */
export function installGlobal(
  scriptSrc?: string | null,
  nonce?: string,
  plugins: readonly Plugin[] = [],
  methods: Record<string, (...args: never[]) => unknown> = {},
): NorthstarGlobal | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { northstar?: unknown };
  const queued = w.northstar;
  if (queued && !Array.isArray(queued)) return queued as NorthstarGlobal;
  const waiting: Command[] = [];
  const commands = { ...COMMANDS, ...methods };
  const global: NorthstarGlobal = {
    ...methods,
    push(command) {
      const [name, ...args] = Array.isArray(command) ? command : [];
      const instance = global._instance;
      if (name === 'init') {
        const { key, ...rest } = (args[0] ?? {}) as SnippetConfig;
        const running = sdk.getInstance();
        global._instance = sdk.init({ endpoint: endpointFromScript(scriptSrc) ?? '', ...(nonce ? { nonce } : {}), ...rest, apiKey: key });
        if (global._instance !== running) for (const plugin of plugins) global._instance.use(plugin);
        for (const held of waiting.splice(0)) global.push(held);
      } else if (!instance) {
        waiting.push(command);
      } else if (typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name)) {
        (commands[name] as (...a: unknown[]) => unknown)(...args);
        // After destroy or revokeConsent the instance is gone: later commands wait for a new init.
        if (!instance.active) global._instance = undefined;
      } else if (__NS_DEBUG__) {
        log(instance.config.debug, 'warn', 'unknown command', command);
      }
    },
  };
  w.northstar = global;
  if (Array.isArray(queued)) for (const command of queued) global.push(command as Command);
  return global;
}
