import type { OverlayEvent } from './overlay-events.js';
import { useActiveOverlay, useOverlayEvents } from './use-overlay.js';

/**
 * The survey showing now (`$survey_shown` seen, not yet dismissed or sent, same page view), or null.
 * Needs the `surveys` plugin on the client (`plugins={[surveys]}` on the provider).
 */
export const useActiveSurvey = (): OverlayEvent | null => useActiveOverlay('survey');

/**
 * Calls `listener` with each `$survey_shown`, `$survey_dismissed` and `$survey_sent` while the component is
 * mounted; a sent answer is in `properties.response`.
 */
export const useSurveyEvents = (listener: (event: OverlayEvent) => void): void => useOverlayEvents('survey', listener);
