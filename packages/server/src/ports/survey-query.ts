/**
 * The `surveyStates` and `surveyResults` kinds of `QueryEngine` query, read from the survey events
 * an event log holds (`$survey_shown`, `$survey_dismissed`, `$survey_sent` of core's `SURVEY_EVENTS`,
 * naming their survey in `str_properties.survey_id`; docs/surveys.md). The event log is the state:
 * a person's events follow them through device links and GDPR deletion like every other event.
 */

/** What one person did with the surveys: their events as an `events` listing finds them. */
export interface SurveyStatesQuery {
  projectId: number;
  /** The events of this user: its own and the anonymous ones of its linked devices (`EventListQuery.userId`). */
  userId?: string;
  /** And the anonymous events of this device, whoever it is linked to (`EventListQuery.deviceId` alone). */
  deviceId?: string;
}

/** One survey a person has an event of. */
export interface SurveyPersonState {
  /** `str_properties.survey_id` of the events. */
  surveyId: string;
  /** A `$survey_shown` event. */
  shown: boolean;
  /** A `$survey_dismissed` event. */
  dismissed: boolean;
  /** A `$survey_sent` event (an answer to any of its questions). */
  answered: boolean;
}

/** The answers of one survey, counted per person. */
export interface SurveyResultsQuery {
  projectId: number;
  /** `str_properties.survey_id` of the events counted. */
  surveyId: string;
}

/**
 * People whose newest answer to a question (by `timestamp`, then `uuid`) carries these values.
 * A person is a user, the user a device is linked to, or a device, as `uniq` counts them.
 */
export interface SurveyAnswerCount {
  /** `num_properties.question_index`; 0 when absent. */
  question: number;
  /** `num_properties.response` (a rating), or null. */
  response: number | null;
  /** `num_properties.choice_index` (a multiple-choice answer), or null. */
  choice: number | null;
  people: number;
}

export interface SurveyResults {
  /** People with a `$survey_shown` event of the survey. */
  shown: number;
  /** People with a `$survey_dismissed` event. */
  dismissed: number;
  /** People with a `$survey_sent` event (an answer to any question). */
  respondents: number;
  /** In order of question, then response, then choice, nulls first. */
  answers: SurveyAnswerCount[];
}
