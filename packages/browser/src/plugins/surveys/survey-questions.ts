import { h } from '../../overlay/dom.js';
import type { Child } from '../../overlay/dom.js';
import type { SurveyAnswer, SurveyQuestion } from './survey-types.js';

/** One question drawn in a survey panel: its element, the answer given so far, and what takes focus first. */
export interface QuestionView {
  element: HTMLElement;
  answer(): SurveyAnswer | undefined;
  first: HTMLElement;
}

const DEFAULT_MAX_LENGTH = 1000;

/** A visually hidden radio input of group `name` with its value. */
const radio = (name: string, value: string): HTMLInputElement => h('input', { type: 'radio', class: 'ns-radio', name, value });

/** The checked radio of `inputs`, if any. */
const checked = (inputs: readonly HTMLInputElement[]): HTMLInputElement | undefined => inputs.find((input) => input.checked);

/** A `<fieldset>` named by the question (its `<legend>`), described by its description and the scale's labels. */
function group(question: SurveyQuestion, id: string, ...content: Child[]): HTMLFieldSetElement {
  const described = question.description ? `${id}-description` : undefined;
  return h(
    'fieldset',
    { class: 'ns-question', ...(described && { 'aria-describedby': described }) },
    h('legend', { class: 'ns-title' }, question.question),
    question.description && h('p', { class: 'ns-body', id: described }, question.description),
    ...content,
  );
}

/** The scale's end labels, under the options (the options' own names carry the number for assistive technology). */
const scaleLabels = (question: SurveyQuestion): HTMLElement | undefined =>
  question.low_label || question.high_label
    ? h('div', { class: 'ns-scale-labels', 'aria-hidden': 'true' }, h('span', {}, question.low_label ?? ''), h('span', {}, question.high_label ?? ''))
    : undefined;

/** nps: a radio group of 0–10, each a numbered box; arrow keys move and choose, as in every radio group. */
function nps(question: SurveyQuestion, id: string): QuestionView {
  const inputs: HTMLInputElement[] = [];
  const options = Array.from({ length: 11 }, (_, score) => {
    const input = radio(id, String(score));
    inputs.push(input);
    const name =
      score === 0 && question.low_label ? `0, ${question.low_label}` : score === 10 && question.high_label ? `10, ${question.high_label}` : String(score);
    input.setAttribute('aria-label', name);
    return h('label', { class: 'ns-score' }, input, h('span', { 'aria-hidden': 'true' }, String(score)));
  });
  const element = group(question, id, h('div', { class: 'ns-scale' }, ...options), scaleLabels(question));
  return { element, first: inputs[0]!, answer: () => numeric(checked(inputs)) };
}

const numeric = (input: HTMLInputElement | undefined): SurveyAnswer | undefined => (input ? { response: Number(input.value) } : undefined);

/** csat: five stars as a radio group ("3 stars of 5"); the stars up to the chosen one are filled. */
function csat(question: SurveyQuestion, id: string): QuestionView {
  const inputs: HTMLInputElement[] = [];
  const stars: HTMLElement[] = [];
  const paint = (): void => {
    const value = Number(checked(inputs)?.value ?? 0);
    stars.forEach((star, i) => star.classList.toggle('ns-on', i < value));
  };
  const options = [1, 2, 3, 4, 5].map((score) => {
    const input = radio(id, String(score));
    input.setAttribute('aria-label', `${score} ${score === 1 ? 'star' : 'stars'} of 5`);
    input.addEventListener('change', paint);
    inputs.push(input);
    const star = h('span', { class: 'ns-star', 'aria-hidden': 'true' }, '★');
    stars.push(star);
    return h('label', { class: 'ns-star-option' }, input, star);
  });
  const element = group(question, id, h('div', { class: 'ns-stars' }, ...options), scaleLabels(question));
  return { element, first: inputs[0]!, answer: () => numeric(checked(inputs)) };
}

/** multiple_choice: one radio per choice, labelled by the choice's text; the answer carries the choice's index. */
function multipleChoice(question: SurveyQuestion, id: string): QuestionView {
  const inputs = (question.choices ?? []).map((_, i) => radio(id, String(i)));
  const options = (question.choices ?? []).map((choice, i) => h('label', { class: 'ns-choice' }, inputs[i], h('span', {}, choice)));
  const element = group(question, id, h('div', { class: 'ns-choices' }, ...options));
  for (const input of inputs) input.classList.add('ns-visible-radio');
  return {
    element,
    first: inputs[0]!,
    answer: () => {
      const input = checked(inputs);
      if (!input) return undefined;
      const index = Number(input.value);
      return { response: question.choices?.[index] ?? '', choice_index: index };
    },
  };
}

/** open_ended: a labelled text box that holds at most `max_length` characters, with a count of what is left. */
function openEnded(question: SurveyQuestion, id: string): QuestionView {
  const max = question.max_length ?? DEFAULT_MAX_LENGTH;
  const described = question.description ? `${id}-description` : undefined;
  const count = h('p', { class: 'ns-count', id: `${id}-count` }, `0 / ${max}`);
  const text = h('textarea', {
    id,
    class: 'ns-text',
    rows: '3',
    maxlength: String(max),
    'aria-describedby': [described, `${id}-count`].filter(Boolean).join(' '),
  });
  text.addEventListener('input', () => (count.textContent = `${text.value.length} / ${max}`));
  const element = h(
    'div',
    { class: 'ns-question' },
    h('label', { class: 'ns-title', for: id }, question.question),
    question.description && h('p', { class: 'ns-body', id: described }, question.description),
    text,
    count,
  );
  return { element, first: text, answer: () => (text.value.trim() ? { response: text.value.slice(0, max) } : undefined) };
}

const BY_TYPE = { nps, csat, multiple_choice: multipleChoice, open_ended: openEnded };

/** The view of `question` (ids prefixed `id`, unique in the survey's shadow root); undefined for a type this SDK does not know. */
export function questionView(question: SurveyQuestion, id: string): QuestionView | undefined {
  const draw = BY_TYPE[question.type] as ((question: SurveyQuestion, id: string) => QuestionView) | undefined;
  return draw?.(question, id);
}
