import type { Plugin } from '../../core/client.js';
import { createFlagStore } from './flag-store.js';

/**
 * Feature flags (docs/flags.md): sets `client.flags` (get, isEnabled, state, on, reload, resolve) from
 * the bootstrap values, this tab session's cache and `POST /v1/flags/evaluate`. `featureFlags: false`
 * in the config turns it off. Opt in with `init(config).use(featureFlags)`; the CDN script sets it up
 * itself, and the flag functions of the npm entry set it up on first use.
 */
export const featureFlags: Plugin = {
  name: 'featureFlags',
  setup(client) {
    if (client.config.featureFlags === false || client.flags) return;
    const store = createFlagStore(client);
    client.flags = store.flags;
    return () => {
      store.stop();
      if (client.flags === store.flags) delete client.flags;
    };
  },
};
