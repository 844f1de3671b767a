import type { Plugin } from '../../core/client.js';
import { clickedElement, describeElement } from '../../dom/element.js';

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
      if (el) client.track('$click', describeElement(el, event));
    };
    const options = { capture: true, passive: true };
    document.addEventListener('click', onClick, options);
    return () => document.removeEventListener('click', onClick, options);
  },
};
