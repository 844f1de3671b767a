import { closeButton, h } from '../../overlay/dom.js';
import { enterFocus, escapeCloses } from '../../overlay/focus.js';
import { followAnchor, waitForElement } from './anchor.js';
import { actions, callToAction, guideText, labelledBy } from './guide-content.js';
import type { TooltipGuide } from './guide-types.js';
import type { GuideRender, GuideWait } from './guide-view.js';

/** How long a tooltip waits for its element before it is reported missing, ms. */
export const TOOLTIP_WAIT = 5000;

/** A tooltip is ready once its element is in the page; `missing` after `TOOLTIP_WAIT` without it. */
export const tooltipWait: GuideWait<TooltipGuide> = (guide, _client, ready, missing) =>
  waitForElement(guide.selector, ready, () => missing(guide.selector), TOOLTIP_WAIT);

/**
 * A panel beside its element (`placement`, flipped when it does not fit), following it as the page
 * scrolls and resizes: a non-modal dialog that takes focus and is announced through the live region;
 * Escape and the close button dismiss it, its button ("Got it" unless `button_text`) completes it.
 */
export const tooltip: GuideRender<TooltipGuide> = (view, anchor) => {
  const { guide, host } = view;
  const primary = callToAction(view, 'Got it');
  const panel = h(
    'div',
    { class: 'ns-panel ns-tooltip ns-enter', role: 'dialog', ...labelledBy(guide.title, guide.name) },
    closeButton(() => view.dismiss('close')),
    ...guideText(guide.title, guide.body),
    actions(primary),
  );
  host.root.append(panel);
  const unfollow = anchor ? followAnchor(panel, anchor, guide.placement ?? 'bottom') : () => undefined;
  const offEscape = escapeCloses(panel, () => view.dismiss('escape'));
  const release = enterFocus(panel, primary);
  host.announce([guide.title, guide.body].filter(Boolean).join('. '));
  view.shown();
  return () => {
    unfollow();
    offEscape();
    release();
  };
};
