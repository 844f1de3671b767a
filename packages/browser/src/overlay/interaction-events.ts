import type { Client } from '../core/client.js';
import type { Properties } from '../core/properties.js';
import type { OverlayItem, OverlayKind } from './overlay-item.js';

/** `shown`, `dismissed`, `completed` (guides), `sent` (surveys): the `$guide_*` / `$survey_*` events. */
export type OverlayAction = 'shown' | 'dismissed' | 'completed' | 'sent';

/**
 * Tracks `$<kind>_<action>` for `item`: `<kind>_id` (the document id as a string: decide reads it back to
 * leave closed items out), `<kind>_type`, `<kind>_name`, `<kind>_variant` when the item was decided on a
 * flag, and `properties` (`step`, `reason`, `response`, ...).
 */
export function trackOverlay(client: Client, kind: OverlayKind, action: OverlayAction, item: OverlayItem, properties?: Properties): void {
  client.track(`$${kind}_${action}`, {
    [`${kind}_id`]: String(item.id),
    [`${kind}_type`]: item.type,
    [`${kind}_name`]: item.name,
    ...(item.variant !== undefined && { [`${kind}_variant`]: String(item.variant) }),
    ...properties,
  });
}
