import { isBlocked } from '../../dom/element.js';
import { elementOf } from './options.js';
import type { Emit, FrustrationOptions } from './options.js';

/** Text fields and steppers, where repeated clicks are how they are used (placing the caret, stepping a value). */
const REPEAT_CLICKED =
  'textarea, select, [contenteditable]:not([contenteditable=false]), [role=textbox], [role=spinbutton], [role=slider], input:not([type=button]):not([type=submit]):not([type=reset]):not([type=image])';

interface Click {
  time: number;
  x: number;
  y: number;
}

/**
 * `$rageclick`: `rageClickCount` clicks within `rageClickWindow` ms, each within `rageClickRadius` px of the
 * last one. Sent once per burst, at the click that reaches the count; the burst ends at the first click
 * that is too late or too far.
 */
export function watchRageClicks(o: FrustrationOptions, emit: Emit): () => void {
  let clicks: Click[] = [];
  let fired = false;
  const onClick = (event: MouseEvent): void => {
    const el = elementOf(event);
    if (!el || isBlocked(el) || el.closest(REPEAT_CLICKED)) return;
    const click = { time: Date.now(), x: event.clientX, y: event.clientY };
    clicks = clicks.filter((c) => click.time - c.time <= o.rageClickWindow && Math.hypot(click.x - c.x, click.y - c.y) <= o.rageClickRadius);
    if (!clicks.length) fired = false;
    clicks.push(click);
    if (fired || clicks.length < o.rageClickCount) return;
    fired = true;
    emit('$rageclick', el, { $click_count: clicks.length });
  };
  addEventListener('click', onClick, true);
  return () => removeEventListener('click', onClick, true);
}
