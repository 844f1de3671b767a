import { isBlocked } from '../../dom/element.js';
import { elementOf } from './options.js';
import type { Emit, FrustrationOptions } from './options.js';

/** Movement along an axis, px, below which the pointer is not taken to have a direction (hand tremor). */
export const CURSOR_JITTER = 4;

/**
 * `$erratic_cursor`: `erraticCursorChanges` reversals of the mouse's horizontal or vertical direction
 * within `erraticCursorWindow` ms, about the element under the pointer, with `$direction_changes`.
 * A reversal counts once the pointer has moved more than 4 px the other way. After an event the count
 * starts again from zero.
 */
export function watchErraticCursor(o: FrustrationOptions, emit: Emit): () => void {
  let changes: number[] = [];
  // Per axis: the point the last direction was measured from, and that direction (-1, 0, 1).
  const anchor: number[] = [];
  const direction = [0, 0];
  const axis = (i: number, at: number): boolean => {
    const moved = at - (anchor[i] ??= at);
    if (Math.abs(moved) <= CURSOR_JITTER) return false;
    anchor[i] = at;
    const was = direction[i];
    direction[i] = Math.sign(moved);
    return !!was && was !== direction[i];
  };
  const onMove = (event: MouseEvent): void => {
    const turnedX = axis(0, event.clientX);
    const turnedY = axis(1, event.clientY);
    if (!turnedX && !turnedY) return;
    const now = Date.now();
    changes = changes.filter((t) => now - t <= o.erraticCursorWindow);
    changes.push(now);
    if (turnedX && turnedY) changes.push(now);
    if (changes.length < o.erraticCursorChanges) return;
    const count = changes.length;
    changes = [];
    const el = elementOf(event);
    if (el && !isBlocked(el)) emit('$erratic_cursor', el, { $direction_changes: count });
  };
  addEventListener('mousemove', onMove, { capture: true, passive: true });
  return () => removeEventListener('mousemove', onMove, true);
}
