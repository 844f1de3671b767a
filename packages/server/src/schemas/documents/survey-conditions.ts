import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** Longest `conditions.delay_ms`: ten minutes. */
export const MAX_SURVEY_DELAY_MS = 600_000;

/**
 * When a targeted survey is shown (docs/surveys.md, "Display conditions"); the URL rule is
 * `targeting.url`. `show_once` is applied by decide; `delay_ms` and `after_event` by the browser SDK.
 */
export const surveyConditionsSchema = z.object(
  {
    delay_ms: z
      .int({ error: 'conditions.delay_ms must be an integer' })
      .min(0, 'conditions.delay_ms must be at least 0')
      .max(MAX_SURVEY_DELAY_MS, `conditions.delay_ms must be at most ${MAX_SURVEY_DELAY_MS}`)
      .optional()
      .meta({ description: 'Milliseconds the page must stay open (after `after_event`, when set) before the survey shows. @default 0' }),
    show_once: z.boolean({ error: 'conditions.show_once must be a boolean' }).optional().meta({
      description: 'Shown once per person: after `$survey_shown` it is not offered again, answered or not. @default false (until answered or dismissed)',
    }),
    after_event: z
      .string({ error: 'conditions.after_event must be a string' })
      .min(1, 'conditions.after_event must not be empty')
      .max(LIMITS.maxEventNameLength, `conditions.after_event must be at most ${LIMITS.maxEventNameLength} characters`)
      .optional()
      .meta({ description: 'Shown only once the page has tracked an event of this name (e.g. `purchase`). @default shown without waiting' }),
  },
  { error: 'conditions must be an object { delay_ms?, show_once?, after_event? }' },
);

export type SurveyConditions = z.infer<typeof surveyConditionsSchema>;
