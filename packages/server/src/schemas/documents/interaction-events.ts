import type { StoredEvent } from '../../ports/index.js';

/**
 * System events the SDK sends through `POST /v1/track` as people see and answer guides and surveys.
 * Each names its guide or survey by document id, as a string, in `str_properties`.
 */
export const GUIDE_EVENTS = {
  /** The guide was rendered. */
  shown: '$guide_shown',
  /** The person closed it (Escape, close button, overlay click). */
  dismissed: '$guide_dismissed',
  /** The person finished it: the last tour step, every checklist item, or the call to action. */
  completed: '$guide_completed',
} as const;

export const SURVEY_EVENTS = {
  shown: '$survey_shown',
  dismissed: '$survey_dismissed',
  /** The answer: `str_properties.response` (open_ended, multiple_choice) or `num_properties.response` (nps, csat). */
  sent: '$survey_sent',
} as const;

/** `str_properties` key holding the guide's document id. */
export const GUIDE_ID_PROPERTY = 'guide_id';
/** `str_properties` key holding the survey's document id. */
export const SURVEY_ID_PROPERTY = 'survey_id';
/** Key of the answer of `$survey_sent`, in `num_properties` for ratings, else in `str_properties`. */
export const SURVEY_RESPONSE_PROPERTY = 'response';

/** After one of these a guide is no longer offered to that person by `/v1/decide/guides`. */
export const GUIDE_CLOSING_EVENTS: readonly string[] = [GUIDE_EVENTS.dismissed, GUIDE_EVENTS.completed];
/** After one of these a survey is no longer offered to that person by `/v1/decide/surveys`. */
export const SURVEY_CLOSING_EVENTS: readonly string[] = [SURVEY_EVENTS.dismissed, SURVEY_EVENTS.sent];

/** The answer carried by a `$survey_sent` event: the number if one is present, else the string; undefined for other events. */
export function surveyResponseOf(event: Pick<StoredEvent, 'event_name' | 'str_properties' | 'num_properties'>): string | number | undefined {
  if (event.event_name !== SURVEY_EVENTS.sent) return undefined;
  return event.num_properties[SURVEY_RESPONSE_PROPERTY] ?? event.str_properties[SURVEY_RESPONSE_PROPERTY];
}
