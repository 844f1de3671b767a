import { z } from 'zod';
import { DOCUMENT_LIMITS } from './documents/document-limits.js';
import { GUIDE_TYPES } from './documents/guide.js';
import { SURVEY_TYPES } from './documents/survey.js';
import { isPersonId } from './identify.js';
import { LIMITS } from './limits.js';

const personId = (field: string) =>
  z
    .string({ error: `${field} must be a string (once)` })
    .min(1, `${field} must not be empty`)
    .max(LIMITS.maxIdLength, `${field} must be at most ${LIMITS.maxIdLength} characters`)
    .refine(isPersonId, `${field} must not be blank, "undefined" or "null"`)
    .optional();

/** Query of `GET /v1/decide/guides` and `GET /v1/decide/surveys`. */
export const decideQuerySchema = z
  .object({
    device_id: personId('device_id'),
    user_id: personId('user_id').meta({ description: "When given, targeting reads this user's stored properties and flags bucket by it." }),
    url: z
      .string({ error: 'url must be a string (once)' })
      .max(DOCUMENT_LIMITS.maxUrlLength, `url must be at most ${DOCUMENT_LIMITS.maxUrlLength} characters`)
      .optional()
      .meta({ description: 'The page, matched against targeting.url; items with a URL rule are left out without it.' }),
    locale: z
      .string({ error: 'locale must be a string (once)' })
      .max(100, 'locale must be at most 100 characters')
      .optional()
      .meta({ description: "Surveys: the person's language (`navigator.language`, e.g. `fr-CA`); the texts of the closest translation are returned." }),
  })
  .refine((query) => query.device_id !== undefined || query.user_id !== undefined, { message: 'user_id or device_id is required' });

export type DecideQuery = z.infer<typeof decideQuerySchema>;

const variant = z
  .union([z.string(), z.literal(true)])
  .optional()
  .meta({ description: "With flag_key: the person's value of that flag (a variant key, or true for a boolean flag)." });

/** A guide to render: the guide's data without `status`, `targeting` and `variants`, plus its id. */
export const decidedGuideSchema = z.looseObject({ id: z.int(), type: z.enum(GUIDE_TYPES), name: z.string(), flag_key: z.string().optional(), variant }).meta({
  description:
    'Also the content fields of its type: title, body, button_text, button_url, selector, placement, position, side, steps, items; a checklist also `completed_items`, the keys of the items whose `event` the person tracked.',
});

/** A survey to render: the survey's data without `status`, `targeting`, `variants` and `translations`, plus its id, in the person's locale. */
export const decidedSurveySchema = z
  .looseObject({
    id: z.int(),
    type: z.enum(SURVEY_TYPES),
    name: z.string(),
    question: z.string(),
    flag_key: z.string().optional(),
    variant,
    locale: z.string().optional().meta({ description: "The translation shown (a key of the survey's translations), else its default_locale." }),
  })
  .meta({
    description:
      'Also description, button_text, thank_you_text, low_label, high_label, choices, max_length as the type has them, follow_ups, and conditions (delay_ms, show_once, after_event).',
  });

export const decideGuidesResponseSchema = z.object({ guides: z.array(decidedGuideSchema) });
export const decideSurveysResponseSchema = z.object({ surveys: z.array(decidedSurveySchema) });
