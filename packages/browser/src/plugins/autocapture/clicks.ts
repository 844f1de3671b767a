import type { Plugin } from '../../core/client.js';
import { describeElement, isBlocked } from '../../dom/element.js';

/** What a click is about: the nearest of these around the clicked node, else the node itself. */
const CLICKABLE =
  'a,button,input,select,textarea,label,summary,[role="button"],[role="link"],[role="menuitem"],[role="tab"],[role="checkbox"],[role="radio"],[role="switch"],[role="option"]';

/** The element a click on `target` is about, or null when it must not be captured. */
export function clickedElement(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest(CLICKABLE) ?? target;
  return isBlocked(el) || isBlocked(target) ? null : el;
}

/**
 * `$click` for every click on the page (one listener on the document, capture phase, passive), with
 * the element described by describeElement(). Clicks on password fields and inside
 * `.sdk-no-capture` / `[data-sdk-no-capture]` are not captured.
 */
export const clicks: Plugin = {
  name: 'clicks',
  setup: (client) => {
    const onClick = (event: MouseEvent): void => {
      const el = clickedElement(event.target);
      if (el) client.track('$click', describeElement(el));
    };
    const options = { capture: true, passive: true };
    document.addEventListener('click', onClick, options);
    return () => document.removeEventListener('click', onClick, options);
  },
};
