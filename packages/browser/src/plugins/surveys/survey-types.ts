import type { OverlayItem } from '../../overlay/overlay-item.js';

export type QuestionType = 'nps' | 'csat' | 'open_ended' | 'multiple_choice';

/** One question of a survey: the survey's own (its top-level fields) or one of its `follow_ups`. */
export interface SurveyQuestion {
  type: QuestionType;
  question: string;
  description?: string;
  /** nps, csat: the texts under the lowest and the highest score. */
  low_label?: string;
  high_label?: string;
  /** multiple_choice: the choices, in the person's locale (the same order in every locale). */
  choices?: string[];
  /** open_ended: characters an answer may hold. @default 1000 */
  max_length?: number;
}

/** When a decided survey shows (docs/surveys.md, "Display conditions"); URL, people and "once" were applied by decide. */
export interface SurveyConditions {
  /** Milliseconds to wait, after the page view (or `after_event`), before showing it. */
  delay_ms?: number;
  show_once?: boolean;
  /** Shown only once the page tracks an event of this name. */
  after_event?: string;
}

/** A survey of `/v1/decide/surveys`, in the person's locale. */
export interface Survey extends OverlayItem, SurveyQuestion {
  type: QuestionType;
  button_text?: string;
  thank_you_text?: string;
  follow_ups?: SurveyQuestion[];
  conditions?: SurveyConditions;
  /** The language the texts are in (sent with every event). */
  locale?: string;
}

/** An answer to one question: a score (nps, csat), a choice (its index and its text), or text. */
export type SurveyAnswer = { response: number } | { response: string; choice_index: number } | { response: string };
