export { DOCUMENT_LIMITS } from './document-limits.js';
export { DOCUMENT_STATUSES, FLAG_KEY_PATTERN } from './document-fields.js';
export type { DocumentStatus } from './document-fields.js';
export { userPropertyRuleSchema, urlRuleSchema, flagTargetingSchema, placementTargetingSchema, URL_MATCH_OPERATORS } from './targeting.js';
export type { UserPropertyRule, UrlRule, FlagTargeting, PlacementTargeting } from './targeting.js';
export { flagDataSchema, flagCreateSchema, flagPatchSchema, flagVariantSchema } from './flag.js';
export type { FlagData, FlagCreate, FlagPatch, FlagVariant } from './flag.js';
export { guideDataSchema, guideCreateSchema, guidePatchSchema, GUIDE_TYPES } from './guide.js';
export type { GuideData, GuideCreate, GuidePatch, GuideType } from './guide.js';
export { surveyDataSchema, surveyCreateSchema, surveyPatchSchema, SURVEY_TYPES, SURVEY_SCALES } from './survey.js';
export type { SurveyData, SurveyCreate, SurveyPatch, SurveyType } from './survey.js';
export { patchDocumentData } from './patch-document.js';
export {
  GUIDE_EVENTS,
  SURVEY_EVENTS,
  GUIDE_ID_PROPERTY,
  SURVEY_ID_PROPERTY,
  SURVEY_RESPONSE_PROPERTY,
  SURVEY_QUESTION_PROPERTY,
  SURVEY_CHOICE_PROPERTY,
  SURVEY_LOCALE_PROPERTY,
  GUIDE_CLOSING_EVENTS,
  surveyResponseOf,
} from './interaction-events.js';
