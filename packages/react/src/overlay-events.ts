import type { Northstar } from '@northstar/browser';

/** The two kinds of overlays of `@northstar/browser` (the `guides` and `surveys` plugins). */
export type OverlayKind = 'guide' | 'survey';

/** `$guide_shown`, `$guide_dismissed`, `$guide_completed`; `$survey_shown`, `$survey_dismissed`, `$survey_sent`. */
export type OverlayAction = 'shown' | 'dismissed' | 'completed' | 'sent';

/** One guide or survey event, as the plugin tracked it. */
export interface OverlayEvent {
  action: OverlayAction;
  /** The document id (a string, as sent). */
  id: string;
  type: string;
  name: string;
  /** The flag variant the item was decided on, when it names a flag. */
  variant?: string;
  /** Every property of the event (`step`, `steps`, `reason`, `response`, ...), numbers and strings together. */
  properties: Readonly<Record<string, string | number>>;
}

const ACTIONS = new Set<string>(['shown', 'dismissed', 'completed', 'sent']);

/**
 * Calls `listener` with every `$<kind>_<action>` event `client` queues (through its `event` hook, so the
 * client finishes each event on the call path while someone listens). Returns the unsubscribe.
 */
export function onOverlayEvents(client: Northstar, kind: OverlayKind, listener: (event: OverlayEvent) => void): () => void {
  const prefix = `$${kind}_`;
  return client.on('event', (event) => {
    const action = event.event_name.startsWith(prefix) ? event.event_name.slice(prefix.length) : '';
    if (!ACTIONS.has(action)) return;
    const str = event.str_properties ?? {};
    const properties = { ...event.num_properties, ...str };
    const variant = str[`${kind}_variant`];
    listener({
      action: action as OverlayAction,
      id: str[`${kind}_id`] ?? '',
      type: str[`${kind}_type`] ?? '',
      name: str[`${kind}_name`] ?? '',
      ...(variant !== undefined && { variant }),
      properties,
    });
  });
}
