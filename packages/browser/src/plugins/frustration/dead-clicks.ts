import { isExcluded } from './element-description.js';
import { elementOf } from './options.js';
import type { Emit, FrustrationOptions } from './options.js';

/** What looks clickable by its markup; anything else only by `cursor: pointer`. */
const CLICKABLE =
  'button, [role=button], [role=menuitem], [role=tab], [onclick], summary, input[type=button], input[type=submit], input[type=reset], input[type=image]';
/**
 * Never dead clicks: links (they navigate), and form controls whose effect is a state no DOM change
 * shows (a checkbox, a label toggling one, a field getting the caret).
 */
const NOT_DEAD =
  'a[href], label, select, textarea, [contenteditable]:not([contenteditable=false]), input:not([type=button]):not([type=submit]):not([type=reset]):not([type=image])';
/** Events that show the page reacted: a scroll, a focus change, a navigation. */
const REACTIONS = ['scroll', 'focusin', 'popstate', 'hashchange', 'beforeunload', 'pagehide'];

/** The element that looks clickable at the click's target, or null. */
function clickableOf(el: Element): Element | null {
  if (el.closest(NOT_DEAD)) return null;
  return el.closest(CLICKABLE) ?? (getComputedStyle(el).cursor === 'pointer' ? el : null);
}

/** What a click can change without a DOM mutation or an event: the URL, the selected text, the focused element. */
const snapshot = (): unknown[] => [location.href, String(getSelection()), document.activeElement];
const same = (a: unknown[], b: unknown[]): boolean => a.every((value, i) => value === b[i]);

interface Pending {
  el: Element;
  before: unknown[];
  timer: ReturnType<typeof setTimeout>;
}

/**
 * `$deadclick`: a click on something that looks clickable (a button, `[role=button]`, `cursor: pointer`,
 * ...; never a link) after which nothing changes for `deadClickTimeout` ms: no DOM mutation anywhere in
 * the document, no scroll, no focus change, no navigation (URL, history, unload) and no new selection.
 * Any change counts, whoever made it (a later click that moves the focus too). The second and third
 * clicks of a double or triple click start no watch of their own. The page is watched only while a
 * click is pending.
 */
export function watchDeadClicks(o: FrustrationOptions, emit: Emit): () => void {
  let pending: Pending[] = [];
  let observer: MutationObserver | undefined;
  const stop = (): void => {
    observer?.disconnect();
    for (const name of REACTIONS) removeEventListener(name, reacted, true);
  };
  function reacted(): void {
    for (const p of pending) clearTimeout(p.timer);
    pending = [];
    stop();
  }
  const expire = (p: Pending): void => {
    if (observer?.takeRecords().length || !same(snapshot(), p.before)) return reacted();
    pending = pending.filter((q) => q !== p);
    if (!pending.length) stop();
    emit('$deadclick', p.el);
  };
  const onClick = (event: MouseEvent): void => {
    // The later clicks of a double or triple click belong to the first one's watch (a text selection shows there).
    const target = event.detail > 1 ? null : elementOf(event);
    const el = target && !isExcluded(target) ? clickableOf(target) : null;
    // One watch per element: a burst of clicks on a dead button is one dead click (and a rage click).
    if (!el || pending.some((p) => p.el === el)) return;
    if (!pending.length) {
      observer ??= new MutationObserver(reacted);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      for (const name of REACTIONS) addEventListener(name, reacted, { capture: true, passive: true });
    }
    const p: Pending = { el, before: snapshot(), timer: setTimeout(() => expire(p), o.deadClickTimeout) };
    pending.push(p);
  };
  addEventListener('click', onClick, true);
  return () => {
    removeEventListener('click', onClick, true);
    reacted();
  };
}
