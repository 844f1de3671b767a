import type { Client } from '../core/client.js';
import type { OverlayItem } from './overlay-item.js';

/**
 * Whether an item naming `flag_key` + `variants[]` renders for this person. Decide evaluates the flag on
 * the server and answers only the items the person's value allows, with that value as `variant`; so an
 * item with a flag and no `variant` is from a server that did not resolve it, and is not shown. The one
 * place to change when the SDK resolves variants with its own flag API.
 */
export function variantAllows(_client: Client, item: OverlayItem): boolean {
  return item.flag_key === undefined || item.variant !== undefined;
}
