import { GUIDE_CLOSING_EVENTS, GUIDE_ID_PROPERTY, guideDataSchema, surveyDataSchema } from '../../schemas/index.js';
import type { GuideData, SurveyData } from '../../schemas/index.js';
import { closedItemIds } from './closed-items.js';
import { closedSurveyIds } from './closed-surveys.js';
import type { DecideSpec } from './decide-service.js';
import { localizeSurvey } from './survey-locale.js';
import { checklistProgress } from './checklist-progress.js';

/** Guides: closed by `$guide_dismissed` or `$guide_completed` naming `guide_id`; checklists carry `completed_items`. */
export const GUIDE_DECIDE: DecideSpec<GuideData> = {
  kind: 'guide',
  parse: (data) => guideDataSchema.safeParse(data).data,
  closedIds: (storage, projectId, query) => closedItemIds(storage.queryEngine, projectId, query, GUIDE_CLOSING_EVENTS, GUIDE_ID_PROPERTY),
  render: (content) => content,
  progress: checklistProgress,
};

/** Surveys: closed once answered or dismissed (or shown, with `show_once`); texts in the person's locale. */
export const SURVEY_DECIDE: DecideSpec<SurveyData> = {
  kind: 'survey',
  parse: (data) => surveyDataSchema.safeParse(data).data,
  closedIds: (storage, projectId, query, items) => closedSurveyIds(storage.queryEngine, projectId, query, items),
  render: (content, query) => localizeSurvey(content, query.locale),
};
