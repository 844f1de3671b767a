import { SURVEY_EVENTS, SURVEY_RESPONSE_PROPERTY } from '@northstar/core';
import type { StoredEvent } from '../../ports/index.js';

export {
  SURVEY_EVENTS,
  SURVEY_ID_PROPERTY,
  SURVEY_RESPONSE_PROPERTY,
  SURVEY_QUESTION_PROPERTY,
  SURVEY_CHOICE_PROPERTY,
  SURVEY_LOCALE_PROPERTY,
} from '@northstar/core';

/**
 * System events the SDK sends through `POST /v1/track` as people see and answer guides and surveys.
 * Each names its guide or survey by document id, as a string, in `str_properties`. The survey events and
 * their properties live in `@northstar/core` (the browser sends them); they are re-exported here.
 */
export const GUIDE_EVENTS = {
  /** The guide was rendered. */
  shown: '$guide_shown',
  /** The person closed it (Escape, close button, overlay click). */
  dismissed: '$guide_dismissed',
  /** The person finished it: the last tour step, every checklist item, or the call to action. */
  completed: '$guide_completed',
} as const;

/** `str_properties` key holding the guide's document id. */
export const GUIDE_ID_PROPERTY = 'guide_id';

/** After one of these a guide is no longer offered to that person by `/v1/decide/guides`. */
export const GUIDE_CLOSING_EVENTS: readonly string[] = [GUIDE_EVENTS.dismissed, GUIDE_EVENTS.completed];

/** The answer carried by a `$survey_sent` event: the number if one is present, else the string; undefined for other events. */
export function surveyResponseOf(event: Pick<StoredEvent, 'event_name' | 'str_properties' | 'num_properties'>): string | number | undefined {
  if (event.event_name !== SURVEY_EVENTS.sent) return undefined;
  return event.num_properties[SURVEY_RESPONSE_PROPERTY] ?? event.str_properties[SURVEY_RESPONSE_PROPERTY];
}
