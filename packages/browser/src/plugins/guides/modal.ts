import { closeButton, h } from '../../overlay/dom.js';
import { trapFocus } from '../../overlay/focus.js';
import { actions, callToAction, guideText, labelledBy } from './guide-content.js';
import type { ModalGuide } from './guide-types.js';
import type { GuideRender } from './guide-view.js';

/**
 * A native modal `<dialog>` over a semi-transparent backdrop: the rest of the page is inert while it is
 * open, focus stays inside (Tab cycles) and returns where it was after; Escape, the close button and a
 * click on the backdrop dismiss it, the call to action completes it.
 */
export const modal: GuideRender<ModalGuide> = (view) => {
  const { guide, host } = view;
  const primary = callToAction(view, 'Got it');
  const dialog = h(
    'dialog',
    { class: 'ns-panel ns-modal ns-enter', ...labelledBy(guide.title, guide.name) },
    closeButton(() => view.dismiss('close')),
    ...guideText(guide.title, guide.body),
    actions(primary),
  );
  // Escape: the dialog's cancel event; closing it ourselves keeps the event and the focus return in our hands.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    view.dismiss('escape');
  });
  // A click whose target is the dialog itself landed on its backdrop (the panel's content covers the rest).
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) view.dismiss('overlay');
  });
  host.root.append(dialog);
  dialog.showModal();
  const release = trapFocus(dialog, primary);
  view.shown();
  return () => {
    if (dialog.open) dialog.close();
    release();
  };
};
