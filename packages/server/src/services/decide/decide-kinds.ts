import { GUIDE_CLOSING_EVENTS, GUIDE_ID_PROPERTY, guideDataSchema, SURVEY_CLOSING_EVENTS, SURVEY_ID_PROPERTY, surveyDataSchema } from '../../schemas/index.js';
import type { GuideData, SurveyData } from '../../schemas/index.js';
import type { DecideSpec } from './decide-service.js';

/** Guides: closed by `$guide_dismissed` or `$guide_completed` naming `guide_id`. */
export const GUIDE_DECIDE: DecideSpec<GuideData> = {
  kind: 'guide',
  parse: (data) => guideDataSchema.safeParse(data).data,
  closingEvents: GUIDE_CLOSING_EVENTS,
  idProperty: GUIDE_ID_PROPERTY,
};

/** Surveys: closed by `$survey_dismissed` or `$survey_sent` naming `survey_id`. */
export const SURVEY_DECIDE: DecideSpec<SurveyData> = {
  kind: 'survey',
  parse: (data) => surveyDataSchema.safeParse(data).data,
  closingEvents: SURVEY_CLOSING_EVENTS,
  idProperty: SURVEY_ID_PROPERTY,
};
