import { h } from './dom.js';
import { BASE_STYLES } from './overlay-styles.js';

/** The attribute of every overlay's host element: its value names the item (`guide:7`); its presence is the frequency cap's slot. */
export const HOST_ATTRIBUTE = 'data-northstar-overlay';

/** One overlay on the page: a host element in `<body>` with an open shadow root (assistive technology and tests see into it). */
export interface OverlayHost {
  readonly element: HTMLElement;
  readonly root: ShadowRoot;
  /** Says `text` through the root's polite live region (tooltips, tour steps). */
  announce(text: string): void;
  /** Takes the host out of the page; the slot is free again. */
  remove(): void;
}

/** Constructed stylesheets, one per style text, shared by every root that adopts them. */
const sheets = new Map<string, CSSStyleSheet>();

/**
 * Styles for `root`: a constructed stylesheet where the browser has them (no `<style>` element, so no CSP
 * `style-src` nonce is needed), else a `<style>` element carrying `nonce`.
 */
function addStyles(root: ShadowRoot, css: string, nonce: string | undefined): void {
  try {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    root.adoptedStyleSheets = [sheet];
    return;
  } catch {
    // No constructable stylesheets (older Safari): a <style> element below.
  }
  const style = h('style', { nonce });
  style.textContent = css;
  root.append(style);
}

/** The host of item `slot` (`guide:7`), its shadow root styled with the base styles and `css`, appended to `<body>`. */
export function createHost(slot: string, css: string, nonce: string | undefined): OverlayHost {
  const element = h('div', { [HOST_ATTRIBUTE]: slot });
  const root = element.attachShadow({ mode: 'open' });
  addStyles(root, BASE_STYLES + css, nonce);
  const live = h('div', { class: 'ns-sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  root.append(live);
  document.body.append(element);
  let pending: ReturnType<typeof setTimeout> | undefined;
  return {
    element,
    root,
    announce(text) {
      // Emptied, then filled after a moment: a live region announces changes, and the same text twice is two changes.
      live.textContent = '';
      clearTimeout(pending);
      pending = setTimeout(() => (live.textContent = text), 100);
    },
    remove() {
      clearTimeout(pending);
      element.remove();
    },
  };
}
