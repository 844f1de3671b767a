import { closeButton, h } from '../../overlay/dom.js';
import { enterFocus, escapeCloses } from '../../overlay/focus.js';
import { actions, callToAction, guideText, labelledBy } from './guide-content.js';
import type { SlideoutGuide } from './guide-types.js';
import type { GuideRender } from './guide-view.js';

/**
 * A panel at the left or right edge, full height: a non-modal dialog that takes focus when it opens (and
 * gives it back when it closes) while the page stays usable; Escape and the close button dismiss it.
 */
export const slideout: GuideRender<SlideoutGuide> = (view) => {
  const { guide, host } = view;
  const primary = guide.button_text || guide.button_url ? callToAction(view, 'OK') : undefined;
  const panel = h(
    'div',
    { class: `ns-panel ns-slideout ns-${guide.side ?? 'right'} ns-enter`, role: 'dialog', ...labelledBy(guide.title, guide.name) },
    closeButton(() => view.dismiss('close')),
    ...guideText(guide.title, guide.body),
    actions(primary),
  );
  host.root.append(panel);
  const offEscape = escapeCloses(panel, () => view.dismiss('escape'));
  const release = enterFocus(panel, primary);
  view.shown();
  return () => {
    offEscape();
    release();
  };
};
