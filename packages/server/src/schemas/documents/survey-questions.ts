import { z } from 'zod';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { optionalText, requiredText } from './document-fields.js';

/** Survey types of spec 6.3: `nps` answers 0-10, `csat` 1-5 stars, `open_ended` free text, `multiple_choice` one of `choices`. */
export const SURVEY_TYPES = ['nps', 'csat', 'open_ended', 'multiple_choice'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** The answers a rating question accepts (inclusive). */
export const SURVEY_SCALES = { nps: { min: 0, max: 10 }, csat: { min: 1, max: 5 } } as const;

/** Characters an open-ended answer may hold: `max_length` @default 1000, at most 5000. */
export const OPEN_ENDED_LIMITS = { defaultLength: 1000, maxLength: 5000 } as const;

/** Questions after the first, in `follow_ups`: a survey asks at most 1 + this many. */
export const MAX_FOLLOW_UPS = 9;

const { maxShortTextLength, maxLongTextLength, maxItems } = DOCUMENT_LIMITS;

export const typeField = z.enum(SURVEY_TYPES, { error: `type must be one of ${SURVEY_TYPES.join(', ')}` });

export const scaleLabels = (at = '') => ({
  low_label: optionalText(`${at}low_label`, maxShortTextLength).meta({ description: 'Text under the lowest score, e.g. "Not likely".' }),
  high_label: optionalText(`${at}high_label`, maxShortTextLength).meta({ description: 'Text under the highest score, e.g. "Very likely".' }),
});

export const choicesField = (at = '') =>
  z
    .array(requiredText(`${at}choices[]`, maxShortTextLength), { error: `${at}choices must be an array of strings` })
    .min(2, `${at}choices must hold at least 2 choices`)
    .max(maxItems, `${at}choices holds more than ${maxItems} choices`)
    .refine((list) => new Set(list).size === list.length, `${at}choices must be unique`);

export const maxLengthField = (at = '') =>
  z
    .int({ error: `${at}max_length must be an integer` })
    .min(1, `${at}max_length must be at least 1`)
    .max(OPEN_ENDED_LIMITS.maxLength, `${at}max_length must be at most ${OPEN_ENDED_LIMITS.maxLength}`)
    .meta({ description: `Characters an answer may hold (the text box refuses more). @default ${OPEN_ENDED_LIMITS.defaultLength}` });

const at = 'follow_ups[].';
const questionText = { question: requiredText(`${at}question`, maxShortTextLength), description: optionalText(`${at}description`, maxLongTextLength) };

/** A question after the first: its own type and text, the fields of its type. */
export const followUpSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('nps'), ...questionText, ...scaleLabels(at) }),
    z.object({ type: z.literal('csat'), ...questionText, ...scaleLabels(at) }),
    z.object({ type: z.literal('open_ended'), ...questionText, max_length: maxLengthField(at).default(OPEN_ENDED_LIMITS.defaultLength) }),
    z.object({ type: z.literal('multiple_choice'), ...questionText, choices: choicesField(at) }),
  ],
  { error: `${at}type must be one of ${SURVEY_TYPES.join(', ')}` },
);

export const followUpsField = z
  .array(followUpSchema, { error: 'follow_ups must be an array of questions' })
  .max(MAX_FOLLOW_UPS, `follow_ups holds more than ${MAX_FOLLOW_UPS} questions`)
  .meta({ description: 'Questions asked after the first, in order; each answer is its own $survey_sent (question_index 1, 2, ...).' });

export type SurveyFollowUp = z.infer<typeof followUpSchema>;
