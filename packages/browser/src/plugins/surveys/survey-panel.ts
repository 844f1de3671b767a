import type { Client } from '../../core/client.js';
import type { Properties } from '../../core/properties.js';
import { button, closeButton, h } from '../../overlay/dom.js';
import { enterFocus, escapeCloses } from '../../overlay/focus.js';
import { trackOverlay } from '../../overlay/interaction-events.js';
import type { OverlayHost } from '../../overlay/overlay-host.js';
import { questionView } from './survey-questions.js';
import type { Survey, SurveyAnswer, SurveyQuestion } from './survey-types.js';

/** The survey's questions in order: its own, then its follow-ups (question_index 0, 1, ...). */
const questionsOf = (survey: Survey): SurveyQuestion[] => [survey, ...(survey.follow_ups ?? [])];

/**
 * Draws `survey` in `host`: a panel at the bottom right of the page, named by the survey, one question
 * at a time in a form. Each question answered sends `$survey_sent` with its `question_index` and the
 * answer (so the answers of a survey left half-way are kept); after the last the thank-you text shows.
 * The close button and Escape send `$survey_dismissed` (unless every question was answered). Focus moves
 * into the panel when it shows and goes back when it ends. Returns what removes it silently.
 */
export function surveyPanel(client: Client, survey: Survey, host: OverlayHost, ended: () => void): () => void {
  const questions = questionsOf(survey);
  const common: Properties = survey.locale ? { locale: survey.locale } : {};
  let index = 0;
  let done = false;
  let finished = false;
  const close = (): void => {
    if (finished) return;
    finished = true;
    stop();
    ended();
  };
  const dismiss = (reason: string): void => {
    if (!done) trackOverlay(client, 'survey', 'dismissed', survey, { ...common, reason, question_index: index });
    close();
  };

  /** The answer given so far to the question on screen. */
  let current: (() => SurveyAnswer | undefined) | undefined;
  const body = h('div', { class: 'ns-survey-body' });
  const error = h('p', { class: 'ns-error', id: 'ns-error', hidden: '' });
  const form = h('form', { class: 'ns-form', novalidate: '' }, body, error);
  const panel = h(
    'div',
    { class: 'ns-panel ns-survey ns-enter', role: 'dialog', 'aria-label': survey.name },
    closeButton(() => dismiss('close')),
    form,
  );

  const show = (): (() => HTMLElement) | undefined => {
    const question = questions[index];
    const view = question && questionView(question, `ns-q${index}`);
    if (!view) return undefined;
    const last = index === questions.length - 1;
    const submit = h('button', { type: 'submit', class: 'ns-primary' }, last ? (survey.button_text ?? 'Send') : 'Next');
    const progress = questions.length > 1 ? h('span', { class: 'ns-progress' }, `${index + 1} of ${questions.length}`) : undefined;
    body.replaceChildren(view.element, h('div', { class: 'ns-actions' }, progress ?? false, submit));
    error.hidden = true;
    current = () => view.answer();
    return () => view.first;
  };

  const thank = (): void => {
    done = true;
    const text = survey.thank_you_text || 'Thank you!';
    const ok = button('Close', close, { class: 'ns-primary' });
    body.replaceChildren(h('p', { class: 'ns-body ns-thanks' }, text), h('div', { class: 'ns-actions' }, ok));
    host.announce(text);
    ok.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const answer = current?.();
    if (!answer) {
      error.textContent = 'Please answer the question first.';
      error.hidden = false;
      host.announce(error.textContent);
      return;
    }
    trackOverlay(client, 'survey', 'sent', survey, { ...common, question_index: index, ...answer });
    index += 1;
    const next = index < questions.length ? show() : undefined;
    if (next) {
      next().focus();
      host.announce(`Question ${index + 1} of ${questions.length}`);
    } else thank();
  });

  const first = show();
  if (!first) return () => undefined;
  host.root.append(panel);
  const release = enterFocus(panel, first());
  const stopEscape = escapeCloses(panel, () => (done ? close() : dismiss('escape')));
  const stop = (): void => {
    stopEscape();
    release();
  };
  trackOverlay(client, 'survey', 'shown', survey, common);
  return () => {
    finished = true;
    stop();
  };
}
