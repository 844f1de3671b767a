import { isBlocked } from '../../dom/element.js';
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

/**
 * The selected text: '' for none or a caret, read without asking for it (its text needs an up-to-date
 * layout, which the page's next frame would otherwise lay out a second time).
 */
function selected(): string {
  const s = getSelection();
  return s && (s.anchorNode !== s.focusNode || s.anchorOffset !== s.focusOffset) ? String(s) : '';
}

/** What a click can change without a DOM mutation or an event: the URL, the selected text, the focused element. */
const snapshot = (): unknown[] => [location.href, selected(), document.activeElement];
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
 * The focus moved by the user's own later press (a click elsewhere) is not the page's reaction; any
 * other change counts. The second and third clicks of a double or triple click
 * start no watch of their own. The DOM is observed only while a click is pending; the few listeners
 * stay and return at once otherwise.
 */
export function watchDeadClicks(o: FrustrationOptions, emit: Emit): () => void {
  let pending: Pending[] = [];
  let observer: MutationObserver | undefined;
  let pressing = false;
  // The listeners stay for the plugin's life and return at once while no click is pending: adding and
  // removing eight of them on every click cost more main-thread time than they do idle.
  const press = (): void => void (pressing = pending.length > 0);
  // The click follows the mouseup in the same task: after both, what the press changed is the new baseline.
  const release = (): void =>
    void (
      pressing &&
      setTimeout(() => {
        pressing = false;
        // Only the focus: a selection made by the user's press (a double click) stays a change.
        for (const p of pending) p.before[2] = document.activeElement;
      })
    );
  const react = (event: Event): void => {
    if (pending.length && !(pressing && event.type === 'focusin')) reacted();
  };
  const listen = (on: boolean): void => {
    const method = on ? addEventListener : removeEventListener;
    for (const name of REACTIONS) method(name, react, { capture: true, passive: true });
    method('mousedown', press, true);
    method('mouseup', release, true);
  };
  function reacted(): void {
    for (const p of pending) clearTimeout(p.timer);
    pending = [];
    pressing = false;
    observer?.disconnect();
  }
  const expire = (p: Pending): void => {
    if (observer?.takeRecords().length || !same(snapshot(), p.before)) return reacted();
    pending = pending.filter((q) => q !== p);
    if (!pending.length) reacted();
    emit('$deadclick', p.el);
  };
  const onClick = (event: MouseEvent): void => {
    // The later clicks of a double or triple click belong to the first one's watch (a text selection shows there).
    const target = event.detail > 1 ? null : elementOf(event);
    const el = target && !isBlocked(target) ? clickableOf(target) : null;
    // One watch per element: a burst of clicks on a dead button is one dead click (and a rage click).
    if (!el || pending.some((p) => p.el === el)) return;
    if (!pending.length) {
      observer ??= new MutationObserver(reacted);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    }
    const p: Pending = { el, before: snapshot(), timer: setTimeout(() => expire(p), o.deadClickTimeout) };
    pending.push(p);
  };
  listen(true);
  addEventListener('click', onClick, true);
  return () => {
    removeEventListener('click', onClick, true);
    listen(false);
    reacted();
  };
}
