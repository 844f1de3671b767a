import type { HeatmapClick } from '@northstar/core';
import { clickedElement } from '../../dom/element.js';
import { stableSelector } from '../../dom/selector.js';

/** The longest selector the server reads (`parseHeatmapPayload`): a longer one would add nothing to a map. */
const MAX_SELECTOR = 1000;

/** `value` clamped to 0–1 and rounded to 3 decimals. */
export const fraction = (value: number): number => (value > 0 ? Math.round(Math.min(value, 1) * 1000) / 1000 : 0);

/**
 * A click as a heatmap keeps it: the stable selector of the element `$click` describes and where in
 * that element's box the pointer was, as fractions (a box with no width or height: its middle). Null
 * for a click with no pointer position (a keyboard or script click, `detail` 0), on nothing that may
 * be captured (a password field, inside `.sdk-no-capture`), or with a selector too long to keep.
 */
export function clickPosition(event: MouseEvent): HeatmapClick | null {
  if (!event.detail) return null;
  const el = clickedElement(event.target);
  if (!el) return null;
  const selector = stableSelector(el, event);
  if (!selector || selector.length > MAX_SELECTOR) return null;
  const box = el.getBoundingClientRect();
  const x = box.width > 0 ? fraction((event.clientX - box.left) / box.width) : 0.5;
  const y = box.height > 0 ? fraction((event.clientY - box.top) / box.height) : 0.5;
  return [selector, x, y];
}
