import {
  compareCodePoints,
  SURVEY_CHOICE_PROPERTY,
  SURVEY_EVENTS,
  SURVEY_ID_PROPERTY,
  SURVEY_QUESTION_PROPERTY,
  SURVEY_RESPONSE_PROPERTY,
} from '@northstar/core';
import type { StoredEvent, SurveyAnswerCount, SurveyPersonState, SurveyResults, SurveyResultsQuery } from '@northstar/server';

const SURVEY_EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(SURVEY_EVENTS));

/** The states of the surveys named by the survey events among `events` (a person's), by survey id. */
export function surveyStatesOf(events: Iterable<StoredEvent>): SurveyPersonState[] {
  const states = new Map<string, SurveyPersonState>();
  for (const event of events) {
    const surveyId = event.str_properties[SURVEY_ID_PROPERTY];
    if (surveyId === undefined || !SURVEY_EVENT_NAMES.has(event.event_name)) continue;
    const state = states.get(surveyId) ?? { surveyId, shown: false, dismissed: false, answered: false };
    if (event.event_name === SURVEY_EVENTS.shown) state.shown = true;
    else if (event.event_name === SURVEY_EVENTS.dismissed) state.dismissed = true;
    else state.answered = true;
    states.set(surveyId, state);
  }
  return [...states.values()].sort((a, b) => compareCodePoints(a.surveyId, b.surveyId));
}

const nullsFirst = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a - b);

/** Whether `a` is newer than `b`: a later timestamp, then a greater uuid. */
const isNewer = (a: StoredEvent, b: StoredEvent) => a.timestamp > b.timestamp || (a.timestamp === b.timestamp && a.uuid > b.uuid);

/** The `surveyResults` of one survey over a project's events; `personOf` resolves people as `uniq` does. */
export function surveyResultsOf(events: Iterable<StoredEvent>, query: SurveyResultsQuery, personOf: (event: StoredEvent) => string | null): SurveyResults {
  const shown = new Set<string>();
  const dismissed = new Set<string>();
  const respondents = new Set<string>();
  /** The newest answer per `person \0 question`. */
  const newest = new Map<string, StoredEvent>();
  for (const event of events) {
    if (event.str_properties[SURVEY_ID_PROPERTY] !== query.surveyId) continue;
    const person = personOf(event);
    if (person === null) continue;
    if (event.event_name === SURVEY_EVENTS.shown) shown.add(person);
    else if (event.event_name === SURVEY_EVENTS.dismissed) dismissed.add(person);
    else if (event.event_name === SURVEY_EVENTS.sent) {
      respondents.add(person);
      const key = `${person}\u0000${event.num_properties[SURVEY_QUESTION_PROPERTY] ?? 0}`;
      const current = newest.get(key);
      if (current === undefined || isNewer(event, current)) newest.set(key, event);
    }
  }
  const counts = new Map<string, SurveyAnswerCount>();
  for (const event of newest.values()) {
    const question = event.num_properties[SURVEY_QUESTION_PROPERTY] ?? 0;
    const response = event.num_properties[SURVEY_RESPONSE_PROPERTY] ?? null;
    const choice = event.num_properties[SURVEY_CHOICE_PROPERTY] ?? null;
    const key = `${question}\u0000${response}\u0000${choice}`;
    const count = counts.get(key) ?? { question, response, choice, people: 0 };
    count.people += 1;
    counts.set(key, count);
  }
  const answers = [...counts.values()].sort((a, b) => a.question - b.question || nullsFirst(a.response, b.response) || nullsFirst(a.choice, b.choice));
  return { shown: shown.size, dismissed: dismissed.size, respondents: respondents.size, answers };
}
