/**
 * The events a survey sends through `POST /v1/track` as a person sees and answers it, and the
 * properties they carry. Each names its survey by document id, as a string, in
 * `str_properties.survey_id` (docs/surveys.md, "Events").
 */
export const SURVEY_EVENTS = {
  /** The survey was rendered. */
  shown: '$survey_shown',
  /** The person closed it without finishing (Escape, the close button). */
  dismissed: '$survey_dismissed',
  /** One question's answer; a survey of several questions sends one per question answered. */
  sent: '$survey_sent',
} as const;

/** `str_properties` key holding the survey's document id. */
export const SURVEY_ID_PROPERTY = 'survey_id';
/** Key of the answer of `$survey_sent`: in `num_properties` for ratings (nps, csat), else in `str_properties`. */
export const SURVEY_RESPONSE_PROPERTY = 'response';
/** `num_properties` key of the answered question: 0 for the survey's own, `i` for `follow_ups[i - 1]`; absent means 0. */
export const SURVEY_QUESTION_PROPERTY = 'question_index';
/** `num_properties` key of the chosen choice of a multiple-choice question (its index, the same in every locale). */
export const SURVEY_CHOICE_PROPERTY = 'choice_index';
/** `str_properties` key of the locale the person saw the survey in. */
export const SURVEY_LOCALE_PROPERTY = 'locale';
