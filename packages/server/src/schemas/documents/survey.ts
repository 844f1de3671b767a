import { z } from 'zod';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { optionalText, requiredText, statusField } from './document-fields.js';
import { surveyConditionsSchema } from './survey-conditions.js';
import { choicesField, followUpsField, maxLengthField, OPEN_ENDED_LIMITS, scaleLabels, SURVEY_TYPES, typeField } from './survey-questions.js';
import { checkTranslations, localeField, translationsField } from './survey-translations.js';
import { checkFlagReference, flagReferenceFields, placementTargetingSchema } from './targeting.js';

export { SURVEY_TYPES, SURVEY_SCALES } from './survey-questions.js';
export type { SurveyType } from './survey-questions.js';

const { maxNameLength, maxShortTextLength, maxLongTextLength } = DOCUMENT_LIMITS;

const commonFields = {
  name: requiredText('name', maxNameLength),
  status: statusField(),
  targeting: placementTargetingSchema,
  ...flagReferenceFields,
  question: requiredText('question', maxShortTextLength),
  description: optionalText('description', maxLongTextLength),
  button_text: optionalText('button_text', maxShortTextLength),
  thank_you_text: optionalText('thank_you_text', maxShortTextLength),
  follow_ups: followUpsField.optional(),
  conditions: surveyConditionsSchema.optional(),
  translations: translationsField.optional(),
  default_locale: localeField('default_locale')
    .optional()
    .meta({ description: 'The language of the texts above, reported as `locale` when no translation is picked.' }),
};

const withDefaults = { ...commonFields, status: commonFields.status.default('draft'), targeting: commonFields.targeting.default({}) };

/**
 * The `data` of a `survey` document, and the body creating one: a first question of the survey's
 * `type`, then optional `follow_ups`; display `conditions`; `translations` per locale. `status`
 * @default 'draft'; `targeting` @default {}; open-ended `max_length` @default 1000. Answers arrive as
 * `$survey_sent` events (docs/surveys.md). Fields of another type are dropped.
 */
export const surveyDataSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...withDefaults, type: z.literal('nps'), ...scaleLabels() }),
      z.object({ ...withDefaults, type: z.literal('csat'), ...scaleLabels() }),
      z.object({ ...withDefaults, type: z.literal('open_ended'), max_length: maxLengthField().default(OPEN_ENDED_LIMITS.defaultLength) }),
      z.object({ ...withDefaults, type: z.literal('multiple_choice'), choices: choicesField() }),
    ],
    { error: `type must be one of ${SURVEY_TYPES.join(', ')}` },
  )
  .superRefine(checkFlagReference)
  .superRefine(checkTranslations);

export const surveyCreateSchema = surveyDataSchema;

const labels = scaleLabels();

/**
 * Body updating a survey: any subset of the fields (`null` clears an optional one). Apply it with
 * `patchDocumentData(surveyDataSchema, current, patch)`, which validates the merged whole.
 */
export const surveyPatchSchema = z
  .object({
    type: typeField,
    ...commonFields,
    ...labels,
    choices: choicesField(),
    max_length: maxLengthField().nullable(),
    description: commonFields.description.nullable(),
    button_text: commonFields.button_text.nullable(),
    thank_you_text: commonFields.thank_you_text.nullable(),
    low_label: labels.low_label.nullable(),
    high_label: labels.high_label.nullable(),
    flag_key: commonFields.flag_key.nullable(),
    variants: commonFields.variants.nullable(),
    targeting: commonFields.targeting.nullable(),
    follow_ups: commonFields.follow_ups.nullable(),
    conditions: commonFields.conditions.nullable(),
    translations: commonFields.translations.nullable(),
    default_locale: commonFields.default_locale.nullable(),
  })
  .partial();

export type SurveyData = z.infer<typeof surveyDataSchema>;
export type SurveyCreate = z.input<typeof surveyCreateSchema>;
export type SurveyPatch = z.infer<typeof surveyPatchSchema>;
