import { z } from 'zod';
import { eventPageQuerySchema } from './common.js';
import { MAX_FOLLOW_UPS } from './survey-questions.js';

/** `?before=&limit=&question=` of a survey's responses. */
export const surveyResponsesQuerySchema = eventPageQuerySchema.extend({
  question: z.coerce
    .number({ error: 'question must be an integer' })
    .int('question must be an integer')
    .min(0, 'question must be at least 0')
    .max(MAX_FOLLOW_UPS, `question must be at most ${MAX_FOLLOW_UPS}`)
    .optional()
    .meta({ description: "Only the answers to this question (0: the survey's own; i: follow_ups[i - 1]), e.g. an open-ended question's texts." }),
});

export type SurveyResponsesQuery = z.infer<typeof surveyResponsesQuerySchema>;
