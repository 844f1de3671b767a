import type { Plugin } from '../../core/client.js';
import type { FrustrationConfig } from '../../core/config.js';
import { watchDeadClicks } from './dead-clicks.js';
import { describeElement } from '../../dom/element.js';
import { watchErraticCursor } from './erratic-cursor.js';
import { watchErrorClicks } from './error-clicks.js';
import { FRUSTRATION_DEFAULTS } from './options.js';
import type { Emit } from './options.js';
import { watchRageClicks } from './rage-clicks.js';

/**
 * Frustration signals: `$rageclick`, `$deadclick`, `$errorclick` and `$erratic_cursor`, each with the
 * element's description (`$el_tag`, `$el_selector`, ...). The thresholds are the client's `frustration`
 * option when it is an object, then `options` over it; `frustration: false` in the client's config
 * turns the plugin off. Opt in with `init(config).use(frustration())`; the CDN script sets it up itself.
 */
export function frustration(options: FrustrationConfig = {}): Plugin {
  return {
    name: 'frustration',
    setup: (client) => {
      const config = client.config.frustration;
      if (config === false) return;
      const o = { ...FRUSTRATION_DEFAULTS, ...(typeof config === 'object' ? config : {}), ...options };
      const emit: Emit = (event, el, extra) => client.track(event, { ...describeElement(el), ...extra });
      const stops = [
        o.rageClicks && watchRageClicks(o, emit),
        o.deadClicks && watchDeadClicks(o, emit),
        o.errorClicks && watchErrorClicks(o, emit),
        o.erraticCursor && watchErraticCursor(o, emit),
      ];
      return () => {
        for (const stop of stops) if (stop) stop();
      };
    },
  };
}
