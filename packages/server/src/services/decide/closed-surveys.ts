import type { QueryEngine } from '../../ports/index.js';
import type { SurveyData } from '../../schemas/index.js';
import type { DecideQuery } from '../../schemas/decide.js';

/**
 * Ids (as strings) of the surveys a person is no longer asked: answered (any question) or dismissed,
 * or shown once already when the survey's `conditions.show_once` is set. The person's state is the
 * engine's `surveyStates` of the user (its devices included) and of the device.
 */
export async function closedSurveyIds(
  engine: QueryEngine,
  projectId: number,
  query: DecideQuery,
  surveys: readonly { id: number; data: SurveyData }[],
): Promise<Set<string>> {
  const showOnce = new Set(surveys.filter((survey) => survey.data.conditions?.show_once === true).map((survey) => String(survey.id)));
  const states = await engine.run({
    kind: 'surveyStates',
    projectId,
    ...(query.user_id !== undefined && { userId: query.user_id }),
    ...(query.device_id !== undefined && { deviceId: query.device_id }),
  });
  const closed = new Set<string>();
  for (const state of states) {
    if (state.answered || state.dismissed || (state.shown && showOnce.has(state.surveyId))) closed.add(state.surveyId);
  }
  return closed;
}
