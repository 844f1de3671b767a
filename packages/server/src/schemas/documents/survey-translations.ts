import { z } from 'zod';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { optionalText, requiredText } from './document-fields.js';

/** Locales one survey may be translated into. */
export const MAX_SURVEY_LOCALES = 20;

/** A BCP 47 tag as browsers report it (`navigator.language`): a language, then up to three subtags (`pt-BR`, `zh-Hant-TW`). */
export const LOCALE_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

export const localeField = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .max(35, `${field} must be at most 35 characters`)
    .regex(LOCALE_PATTERN, `${field} must be a language tag such as "fr" or "pt-BR"`);

const { maxShortTextLength, maxLongTextLength, maxItems } = DOCUMENT_LIMITS;
const text = (field: string) => optionalText(`translations.${field}`, maxShortTextLength);
const choices = (field: string) =>
  z.array(requiredText(`translations.${field}[]`, maxShortTextLength), { error: `translations.${field} must be an array of strings` }).max(maxItems);

const questionTexts = (at: string) => ({
  question: text(`${at}question`),
  description: optionalText(`translations.${at}description`, maxLongTextLength),
  low_label: text(`${at}low_label`),
  high_label: text(`${at}high_label`),
  choices: choices(`${at}choices`).optional(),
});

/** The texts of one locale; a text left out is shown in the survey's own language. */
export const surveyTranslationSchema = z.object(
  {
    ...questionTexts(''),
    button_text: text('button_text'),
    thank_you_text: text('thank_you_text'),
    follow_ups: z
      .array(z.object(questionTexts('follow_ups[].'), { error: 'translations.follow_ups[] must be objects' }), {
        error: 'translations.follow_ups must be an array',
      })
      .optional(),
  },
  { error: 'translations values must be objects of texts' },
);

export type SurveyTranslation = z.infer<typeof surveyTranslationSchema>;

export const translationsField = z
  .record(localeField('translations keys'), surveyTranslationSchema, {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'translations must be an object of locales'
        : issue.code === 'invalid_key'
          ? 'translations keys must be a language tag such as "fr" or "pt-BR"'
          : undefined,
  })
  .refine((all) => Object.keys(all).length <= MAX_SURVEY_LOCALES, `translations holds more than ${MAX_SURVEY_LOCALES} locales`)
  .refine(
    (all) => new Set(Object.keys(all).map((locale) => locale.toLowerCase())).size === Object.keys(all).length,
    'translations keys must differ in more than case',
  )
  .meta({ description: 'Texts per locale (`{ "fr": { "question": "…", "choices": [...] } }`); decide picks the person\'s.' });

interface TranslatableQuestion {
  type: string;
  choices?: string[] | undefined;
}

interface TranslatableSurvey extends TranslatableQuestion {
  follow_ups?: TranslatableQuestion[] | undefined;
  translations?: Record<string, SurveyTranslation> | undefined;
}

/** Refinement: translated choices match the survey's one for one, translated follow-ups exist. */
export function checkTranslations(data: TranslatableSurvey, ctx: z.RefinementCtx): void {
  const checkChoices = (question: TranslatableQuestion | undefined, translated: string[] | undefined, path: (string | number)[]) => {
    if (translated === undefined || question === undefined) return;
    if (question.choices === undefined || translated.length !== question.choices.length) {
      ctx.addIssue({ code: 'custom', path, message: `${path.join('.')} must hold one text per choice (${question.choices?.length ?? 0})` });
    }
  };
  for (const [locale, translation] of Object.entries(data.translations ?? {})) {
    checkChoices(data, translation.choices, ['translations', locale, 'choices']);
    const followUps = translation.follow_ups ?? [];
    if (followUps.length > (data.follow_ups?.length ?? 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['translations', locale, 'follow_ups'],
        message: `translations.${locale}.follow_ups has more questions than follow_ups`,
      });
    }
    followUps.forEach((followUp, i) => checkChoices(data.follow_ups?.[i], followUp.choices, ['translations', locale, 'follow_ups', i, 'choices']));
  }
}
