import { button, h, safeHref } from '../../overlay/dom.js';
import type { Child } from '../../overlay/dom.js';
import type { GuideView } from './guide-view.js';

/** Ids inside a guide's shadow root (each guide has a root of its own, so they are unique there). */
export const TITLE_ID = 'ns-title';
export const BODY_ID = 'ns-body';

/** The labelling attributes of a guide's panel: its title when it has one, else its name. */
export const labelledBy = (title: string | undefined, name: string): Record<string, string> =>
  title ? { 'aria-labelledby': TITLE_ID, 'aria-describedby': BODY_ID } : { 'aria-label': name, 'aria-describedby': BODY_ID };

/** The title (a heading, when there is one) and the body of a guide or step, as text. */
export function guideText(title: string | undefined, body: string | undefined): HTMLElement[] {
  const text = h('p', { class: 'ns-body', id: BODY_ID }, body ?? '');
  return title ? [h('h2', { class: 'ns-title', id: TITLE_ID }, title), text] : [text];
}

/**
 * The call to action, which completes the guide: a link to `button_url` (http(s) only; an unsafe URL leaves
 * a plain button) or a button; `fallback` is its text when the guide sets none.
 */
export function callToAction(view: GuideView, fallback: string): HTMLElement {
  const { button_text: text = fallback, button_url: url } = view.guide;
  const href = safeHref(url);
  if (!href) return button(text, () => view.complete(), { class: 'ns-primary' });
  const link = h('a', { class: 'ns-link ns-primary', href }, text);
  link.addEventListener('click', () => view.complete());
  return link;
}

/** The row of buttons at the bottom of a panel. */
export const actions = (...children: Child[]): HTMLDivElement => h('div', { class: 'ns-actions' }, ...children);
