import type { Placement } from './guide-types.js';

/** Gap between an anchored panel and its element, and least distance to the viewport's edges, px. */
const GAP = 10;
const EDGE = 8;

/** The element `selector` names, or undefined (also for an invalid selector). */
export function findElement(selector: string): Element | undefined {
  try {
    return document.querySelector(selector) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `found` with the element `selector` names as soon as it is in the page (now, or when a DOM change
 * adds it), or `missing` when `timeout` ms pass without it (no timeout when undefined). Returns what stops waiting.
 */
export function waitForElement(selector: string, found: (element: Element) => void, missing?: () => void, timeout?: number): () => void {
  const now = findElement(selector);
  if (now) {
    found(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const element = findElement(selector);
    if (!element) return;
    stop();
    found(element);
  });
  const timer = timeout === undefined ? undefined : setTimeout(() => (stop(), missing?.()), timeout);
  const stop = (): void => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
  return stop;
}

/** Places the fixed `panel` beside `target` on `placement`, on the other side when it does not fit, kept inside the viewport. */
export function placeNear(panel: HTMLElement, target: Element, placement: Placement): void {
  const box = target.getBoundingClientRect();
  const width = panel.offsetWidth;
  const height = panel.offsetHeight;
  const fits: Record<Placement, boolean> = {
    top: box.top - GAP - height >= EDGE,
    bottom: box.bottom + GAP + height <= innerHeight - EDGE,
    left: box.left - GAP - width >= EDGE,
    right: box.right + GAP + width <= innerWidth - EDGE,
  };
  const opposite: Record<Placement, Placement> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };
  const side = fits[placement] || !fits[opposite[placement]] ? placement : opposite[placement];
  let top = side === 'top' ? box.top - GAP - height : side === 'bottom' ? box.bottom + GAP : box.top + box.height / 2 - height / 2;
  let left = side === 'left' ? box.left - GAP - width : side === 'right' ? box.right + GAP : box.left + box.width / 2 - width / 2;
  top = Math.max(EDGE, Math.min(top, innerHeight - height - EDGE));
  left = Math.max(EDGE, Math.min(left, innerWidth - width - EDGE));
  // CSSOM, not a style attribute: allowed under a CSP without 'unsafe-inline' styles.
  panel.style.top = `${Math.round(top)}px`;
  panel.style.left = `${Math.round(left)}px`;
  panel.dataset.side = side;
}

/**
 * Keeps `panel` beside `target` as the page scrolls (any scroller), the window resizes, and the layout
 * moves (content inserted above the target grows the document; the target itself changes size); returns
 * what stops it.
 */
export function followAnchor(panel: HTMLElement, target: Element, placement: Placement): () => void {
  let frame = 0;
  const place = (): void => {
    frame = 0;
    placeNear(panel, target, placement);
  };
  const soon = (): void => {
    frame ||= requestAnimationFrame(place);
  };
  place();
  addEventListener('scroll', soon, { capture: true, passive: true });
  addEventListener('resize', soon);
  const layout = typeof ResizeObserver === 'function' ? new ResizeObserver(soon) : undefined;
  layout?.observe(document.documentElement);
  layout?.observe(target);
  return () => {
    layout?.disconnect();
    cancelAnimationFrame(frame);
    removeEventListener('scroll', soon, { capture: true });
    removeEventListener('resize', soon);
  };
}
