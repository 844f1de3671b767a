import { z } from 'zod';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { optionalText, requiredText, statusField } from './document-fields.js';
import { checkFlagReference, flagReferenceFields, placementTargetingSchema } from './targeting.js';

/** Survey types of spec 6.3: `nps` answers 0-10, `csat` 1-5 stars, `open_ended` free text, `multiple_choice` one of `choices`. */
export const SURVEY_TYPES = ['nps', 'csat', 'open_ended', 'multiple_choice'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** The answers a rating survey accepts (inclusive). */
export const SURVEY_SCALES = { nps: { min: 0, max: 10 }, csat: { min: 1, max: 5 } } as const;

const { maxNameLength, maxShortTextLength, maxLongTextLength, maxItems } = DOCUMENT_LIMITS;

const commonFields = {
  name: requiredText('name', maxNameLength),
  status: statusField(),
  targeting: placementTargetingSchema,
  ...flagReferenceFields,
  question: requiredText('question', maxShortTextLength),
  description: optionalText('description', maxLongTextLength),
  button_text: optionalText('button_text', maxShortTextLength),
  thank_you_text: optionalText('thank_you_text', maxShortTextLength),
};

const scaleLabels = {
  low_label: optionalText('low_label', maxShortTextLength).meta({ description: 'Text under the lowest score, e.g. "Not likely".' }),
  high_label: optionalText('high_label', maxShortTextLength).meta({ description: 'Text under the highest score, e.g. "Very likely".' }),
};

const choices = z
  .array(requiredText('choices[]', maxShortTextLength), { error: 'choices must be an array of strings' })
  .min(2, 'choices must hold at least 2 choices')
  .max(maxItems, `choices holds more than ${maxItems} choices`)
  .refine((list) => new Set(list).size === list.length, 'choices must be unique');

const withDefaults = { ...commonFields, status: commonFields.status.default('draft'), targeting: commonFields.targeting.default({}) };

/**
 * The `data` of a `survey` document, and the body creating one: one question, one object per `type`.
 * `status` @default 'draft'; `targeting` @default {}. Answers arrive as `$survey_sent` events
 * (interaction-events.ts). Fields of another type are dropped.
 */
export const surveyDataSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...withDefaults, type: z.literal('nps'), ...scaleLabels }),
      z.object({ ...withDefaults, type: z.literal('csat'), ...scaleLabels }),
      z.object({ ...withDefaults, type: z.literal('open_ended') }),
      z.object({ ...withDefaults, type: z.literal('multiple_choice'), choices }),
    ],
    { error: `type must be one of ${SURVEY_TYPES.join(', ')}` },
  )
  .superRefine(checkFlagReference);

export const surveyCreateSchema = surveyDataSchema;

/**
 * Body updating a survey: any subset of the fields (`null` clears an optional one). Apply it with
 * `patchDocumentData(surveyDataSchema, current, patch)`, which validates the merged whole.
 */
export const surveyPatchSchema = z
  .object({
    type: z.enum(SURVEY_TYPES, { error: `type must be one of ${SURVEY_TYPES.join(', ')}` }),
    ...commonFields,
    ...scaleLabels,
    choices,
    description: commonFields.description.nullable(),
    button_text: commonFields.button_text.nullable(),
    thank_you_text: commonFields.thank_you_text.nullable(),
    low_label: scaleLabels.low_label.nullable(),
    high_label: scaleLabels.high_label.nullable(),
    flag_key: commonFields.flag_key.nullable(),
    variants: commonFields.variants.nullable(),
    targeting: commonFields.targeting.nullable(),
  })
  .partial();

export type SurveyData = z.infer<typeof surveyDataSchema>;
export type SurveyCreate = z.input<typeof surveyCreateSchema>;
export type SurveyPatch = z.infer<typeof surveyPatchSchema>;
