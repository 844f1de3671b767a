import { getInstance, init } from '@northstar/browser';
import type { Northstar, NorthstarConfig, Plugin } from '@northstar/browser';

interface Lease {
  client: Northstar;
  /** Providers mounted on it now. */
  holders: number;
  /** Started by a provider (not by the app's own init()), so the last provider to unmount destroys it. */
  owned: boolean;
}

let lease: Lease | undefined;

/**
 * The shared instance of `@northstar/browser` for a provider given `config`: started by the first
 * provider to mount (`init(config)`, then `use()` of each plugin), kept while any provider is mounted.
 * Strict Mode's unmount and immediate remount of the same provider lands here as release + acquire in
 * one synchronous pass, so the instance is neither destroyed nor started twice: one init, one `$pageview`.
 */
export function acquireSharedClient(config: NorthstarConfig, plugins: readonly Plugin[]): { client: Northstar; release: () => void } {
  if (!lease?.client.active) {
    const owned = !getInstance()?.active;
    const client = init(config);
    if (owned) for (const plugin of plugins) client.use(plugin);
    lease = { client, holders: 0, owned };
  }
  const held = lease;
  held.holders++;
  let released = false;
  return {
    client: held.client,
    release() {
      if (released) return;
      released = true;
      held.holders--;
      // Deferred: a remount in the same pass (Strict Mode, a moved provider) takes the lease back first.
      queueMicrotask(() => {
        if (held.holders > 0 || lease !== held) return;
        lease = undefined;
        if (held.owned) held.client.destroy();
      });
    },
  };
}
