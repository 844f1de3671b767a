import { closeButton, h } from '../../overlay/dom.js';
import { escapeCloses } from '../../overlay/focus.js';
import { actions, callToAction, guideText, labelledBy } from './guide-content.js';
import type { BannerGuide } from './guide-types.js';
import type { GuideRender } from './guide-view.js';

/**
 * A bar fixed to the top or bottom of the viewport, a landmark region named by its title. It does not take
 * focus (it interrupts nothing); Tab reaches it at the end of the page, where Escape closes it.
 */
export const banner: GuideRender<BannerGuide> = (view) => {
  const { guide, host } = view;
  const panel = h(
    'div',
    { class: `ns-panel ns-banner ns-${guide.position ?? 'top'} ns-enter`, role: 'region', ...labelledBy(guide.title, guide.name) },
    ...guideText(guide.title, guide.body),
    actions(guide.button_text || guide.button_url ? callToAction(view, 'OK') : undefined),
    closeButton(() => view.dismiss('close'), 'Dismiss'),
  );
  host.root.append(panel);
  view.shown();
  return escapeCloses(panel, () => view.dismiss('escape'));
};
