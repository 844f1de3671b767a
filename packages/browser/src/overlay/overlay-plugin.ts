import type { Client, Plugin } from '../core/client.js';
import { decideItems } from './decide-request.js';
import type { OverlayItem, OverlayKind, OverlayRenderer } from './overlay-item.js';

/**
 * The plugin of one overlay kind (the `guides` and `surveys` plugins are this with their loader): at setup
 * and at every `$pageview` it asks decide what to show on the page, and only when the answer holds
 * something does it load the renderer (`load`: a dynamic `import()` in the npm build, an injected chunk in
 * the CDN script) and mount it. The previous page view's items are removed first, without events.
 * `config.guides` / `config.surveys` set to `false` turn it off.
 */
export function createOverlayPlugin<T extends OverlayItem>(kind: OverlayKind, load: (client: Client) => Promise<OverlayRenderer<T>>): Plugin {
  const name = `${kind}s` as const;
  return {
    name,
    setup: (client) => {
      if (client.config[name] === false) return;
      let unmount: (() => void) | undefined;
      let view = 0;
      const decide = (): void => {
        const current = ++view;
        unmount?.();
        unmount = undefined;
        decideItems(client, kind)
          .then(async (items) => {
            if (!items.length) return;
            const renderer = await load(client);
            if (current === view && client.active) unmount = renderer.mount(client, items as T[]);
          })
          .catch(() => undefined);
      };
      // The pageview hook runs before the `$pageview` is queued; the URL has moved already.
      const off = client.on('pageview', decide);
      decide();
      return () => {
        view++;
        off();
        unmount?.();
      };
    },
  };
}
