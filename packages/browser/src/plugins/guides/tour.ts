import { button, closeButton, h } from '../../overlay/dom.js';
import { enterFocus, escapeCloses, moveFocusInto } from '../../overlay/focus.js';
import { followAnchor, waitForElement } from './anchor.js';
import { actions, guideText, labelledBy } from './guide-content.js';
import type { TourGuide } from './guide-types.js';
import type { GuideRender, GuideView, GuideWait } from './guide-view.js';

/** The step index a tour resumes at: its stored progress when valid, else the first. */
function currentStep(view: Pick<GuideView<TourGuide>, 'progress'>, count: number): number {
  const stored = view.progress<number>();
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 && stored < count ? stored : 0;
}

/** A tour is ready when its current step's element is in the page (a step without a selector is ready at once). */
export const tourWait: GuideWait<TourGuide> = (guide, client, ready) => {
  const store = client.run?.store;
  const view = { progress: <T>() => store?.get(`guide_${guide.id}`) as T | undefined };
  const selector = guide.steps[currentStep(view, guide.steps.length)]?.selector;
  if (!selector) {
    ready();
    return () => undefined;
  }
  return waitForElement(selector, ready);
};

/**
 * A tour: one non-modal dialog per step, beside the step's element (or in the middle of the page), with
 * its progress ("Step 2 of 4"), Back, Next (Done on the last step) and Skip. The step is kept in the
 * browser, so a tour whose next step points at an element of another page waits for it and resumes there.
 * Each step shown sends `$guide_shown` with `step` (1-based) and `steps`; Done sends `$guide_completed`,
 * Skip, Escape and the close button `$guide_dismissed`, both with the step.
 */
export const tour: GuideRender<TourGuide> = (view, firstAnchor) => {
  const { guide, host } = view;
  const count = guide.steps.length;
  const panel = h('div', { class: 'ns-panel ns-tour ns-enter', role: 'dialog' });
  host.root.append(panel);
  let index = currentStep(view, count);
  let stopFollowing = (): void => undefined;
  let stopWaiting = (): void => undefined;
  const at = (): { step: number; steps: number } => ({ step: index + 1, steps: count });

  const draw = (anchor: Element | undefined): void => {
    const step = guide.steps[index];
    if (!step) return;
    const last = index === count - 1;
    const next = button(last ? 'Done' : 'Next', () => (last ? view.complete(at()) : go(index + 1)), { class: 'ns-primary' });
    const progress = `Step ${index + 1} of ${count}`;
    for (const [name, value] of Object.entries(labelledBy(step.title, guide.name))) panel.setAttribute(name, value);
    if (!step.title) panel.removeAttribute('aria-labelledby');
    panel.replaceChildren(
      closeButton(() => view.dismiss('close', at()), 'Close tour'),
      ...guideText(step.title, step.body),
      actions(
        h('span', { class: 'ns-progress' }, progress),
        button('Skip', () => view.dismiss('skip', at())),
        index > 0 && button('Back', () => go(index - 1)),
        next,
      ),
    );
    panel.hidden = false;
    stopFollowing = anchor ? followAnchor(panel, anchor, 'bottom') : () => undefined;
    panel.classList.toggle('ns-centered', !anchor);
    moveFocusInto(panel, next);
    host.announce(`${progress}. ${[step.title, step.body].filter(Boolean).join('. ')}`);
    view.shown(at());
  };

  const go = (to: number): void => {
    stopFollowing();
    stopWaiting();
    index = to;
    view.setProgress(index);
    const selector = guide.steps[index]?.selector;
    if (!selector) return draw(undefined);
    // The step's element may be on another page: the panel hides and the tour resumes where it appears.
    panel.hidden = true;
    stopWaiting = waitForElement(selector, draw);
  };

  const offEscape = escapeCloses(panel, () => view.dismiss('escape', at()));
  const release = enterFocus(panel);
  view.setProgress(index);
  draw(firstAnchor);
  return () => {
    stopFollowing();
    stopWaiting();
    offEscape();
    release();
  };
};
