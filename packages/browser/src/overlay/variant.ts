import type { FlagValue } from '@northstar/core';
import type { Client } from '../core/client.js';
import type { OverlayItem } from './overlay-item.js';

/** Whether the person's flag value lets `item` render: its `variants` name the value, or (without them) decide's `variant` is that value. */
function allows(item: OverlayItem, value: FlagValue): boolean {
  if (value === false) return false;
  if (item.variants?.length) return item.variants.includes(value);
  return item.variant === undefined || item.variant === value;
}

/**
 * Calls `render` if an item naming `flag_key` renders for this person. With the `featureFlags` plugin the
 * SDK resolves the value itself (`POST /v1/flags/evaluate`, or bootstrap/cache; spec: "resolves the
 * variant before rendering"), so `render` may run later, once the value is known. Without the plugin,
 * decide's answer decides: it evaluated the flag and sent only the items the value allows, with the
 * value as `variant`; an item with a flag and no `variant` is from a server that did not resolve it, and
 * is not shown. Items without a flag render at once.
 */
export function whenVariantAllows(client: Client, item: OverlayItem, render: () => void): void {
  const key = item.flag_key;
  if (key === undefined) return render();
  const flags = client.flags;
  if (!flags) {
    if (item.variant !== undefined) render();
    return;
  }
  void flags.resolve(key).then((value) => {
    if (allows(item, value)) render();
  });
}
