import { z } from 'zod';
import { SURVEY_TYPES } from './documents/survey-questions.js';

const interval = z.tuple([z.number(), z.number()]).meta({ description: '[low, high] at the confidence_level' });
const valueCounts = z.array(z.object({ value: z.int(), count: z.int() })).meta({ description: 'People per score, every score of the scale listed' });
const head = { index: z.int().meta({ description: "0: the survey's own question; i: follow_ups[i - 1]" }), question: z.string(), answers: z.int() };

const npsResult = z.object({
  ...head,
  type: z.literal('nps'),
  counts: valueCounts,
  nps: z
    .object({ score: z.number(), interval, promoters: z.int(), passives: z.int(), detractors: z.int() })
    .nullable()
    .meta({ description: 'Promoters (9–10) minus detractors (0–6), in % of answers; null without answers' }),
});

const csatResult = z.object({
  ...head,
  type: z.literal('csat'),
  counts: valueCounts,
  average: z
    .object({ value: z.number(), interval: interval.nullable() })
    .nullable()
    .meta({ description: 'Mean stars with a Student t interval (null below two answers); null without answers' }),
  satisfied: z
    .object({ count: z.int(), share: z.number(), interval })
    .nullable()
    .meta({ description: 'Answers of 4 or 5 stars, with a Wilson interval; null without answers' }),
});

const choiceResult = z.object({
  ...head,
  type: z.literal('multiple_choice'),
  choices: z.array(
    z.object({
      index: z.int(),
      choice: z.string().meta({ description: "The choice's text in the survey's own language" }),
      count: z.int(),
      share: z.number().nullable(),
      interval: interval.nullable().meta({ description: 'Wilson interval of the share' }),
    }),
  ),
});

const openResult = z.object({ ...head, type: z.literal('open_ended') }).meta({ description: 'The answers themselves: GET …/responses?question=<index>' });

export const questionResultSchema = z.discriminatedUnion('type', [npsResult, csatResult, choiceResult, openResult]);

/** `GET /v1/projects/:projectId/surveys/:id/results` (docs/surveys.md, "Results"). */
export const surveyResultsSchema = z.object({
  survey_id: z.int(),
  type: z.enum(SURVEY_TYPES),
  confidence_level: z.number().meta({ description: 'Of every interval: 0.95' }),
  shown: z.int().meta({ description: 'People who were shown the survey' }),
  dismissed: z.int().meta({ description: 'People who dismissed it' }),
  respondents: z.int().meta({ description: 'People who answered at least one question' }),
  questions: z.array(questionResultSchema).meta({ description: "Per question, each person's newest answer, in every locale together" }),
});

export type QuestionResult = z.infer<typeof questionResultSchema>;
export type SurveyResultsBody = z.infer<typeof surveyResultsSchema>;
