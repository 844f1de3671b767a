import { loadIdentity } from './identity.js';
import type { Running } from './running.js';

/**
 * Keeps a tab in step with what other tabs of the site write: `identify()`, `setUserProperties()`,
 * `reset()` (the `ids` key) and `optOut()` / `optIn()` (the `optout` key) take effect in every open
 * tab at once, not at its next page view; `revokeConsent()` (which alone removes `ids`) de-initialises
 * every tab. `storage` events fire only in the other tabs. Returns the teardown.
 */
export function syncTabs(prefix: string, run: Running, rebase: () => void, revoked: () => void): () => void {
  const onStorage = (e: StorageEvent): void => {
    if (e.key === `${prefix}ids`) {
      if (e.newValue === null) return revoked();
      run.ids = loadIdentity(run.store);
      rebase();
    } else if (e.key === `${prefix}optout`) {
      run.optedOut = e.newValue === '1';
      if (run.optedOut) run.queue.clear();
    }
  };
  addEventListener('storage', onStorage);
  return () => removeEventListener('storage', onStorage);
}
