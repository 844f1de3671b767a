import { isBlocked } from '../../dom/element.js';
import { elementOf } from './options.js';
import type { Emit, FrustrationOptions } from './options.js';

/** Most characters of the error message kept. */
const MESSAGE_LIMIT = 200;

/** The message of an uncaught error or of a rejection's reason. */
function messageOf(event: ErrorEvent | PromiseRejectionEvent): string {
  const reason: unknown = 'reason' in event ? event.reason : (event.error ?? event.message);
  // An Error prints as `TypeError: x is undefined`.
  return String(reason).slice(0, MESSAGE_LIMIT);
}

/**
 * `$errorclick`: an uncaught error or unhandled rejection within `errorClickWindow` ms of a click, about
 * the clicked element, with `$error_type` (`error` or `unhandledrejection`) and `$error_message`. One
 * per click: later errors of the same click are not counted again.
 */
export function watchErrorClicks(o: FrustrationOptions, emit: Emit): () => void {
  let last: { el: Element; time: number } | undefined;
  const onClick = (event: MouseEvent): void => {
    const el = elementOf(event);
    last = el && !isBlocked(el) ? { el, time: Date.now() } : undefined;
  };
  const onError = (event: ErrorEvent | PromiseRejectionEvent): void => {
    if (!last || Date.now() - last.time > o.errorClickWindow) return;
    const { el } = last;
    last = undefined;
    emit('$errorclick', el, { $error_type: event.type, $error_message: messageOf(event) });
  };
  addEventListener('click', onClick, true);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onError);
  return () => {
    removeEventListener('click', onClick, true);
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onError);
  };
}
