import type { OverlayEvent } from './overlay-events.js';
import { useActiveOverlay, useOverlayEvents } from './use-overlay.js';

/**
 * The guide showing now (`$guide_shown` seen, not yet dismissed or completed, same page view), or null.
 * Needs the `guides` plugin on the client (`plugins={[guides]}` on the provider).
 */
export const useActiveGuide = (): OverlayEvent | null => useActiveOverlay('guide');

/** Calls `listener` with each `$guide_shown`, `$guide_dismissed` and `$guide_completed` while the component is mounted. */
export const useGuideEvents = (listener: (event: OverlayEvent) => void): void => useOverlayEvents('guide', listener);
