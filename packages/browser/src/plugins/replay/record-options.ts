import type { eventWithTime, recordOptions } from 'rrweb';
import type { ReplayOptions } from './options.js';

/**
 * rrweb's mask rule for form fields: a key is a tag name or an input type. `input`, `textarea` and `select`
 * as tag names mask every field whatever its type — `hidden` (CSRF tokens), `text`, and types rrweb's own list
 * does not name — in the snapshot, as typed, and as set by script (rrweb hooks the `value` setters).
 */
const ALL_FIELDS = { input: true, textarea: true, select: true, password: true } as NonNullable<recordOptions<eventWithTime>['maskInputOptions']>;
/** Password fields are masked whatever the options. */
const PASSWORDS_ONLY = { password: true };

/** True when `selector` is a CSS selector the browser accepts (rrweb would throw on each element otherwise). */
function validSelector(selector: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

/**
 * The privacy and fidelity options given to rrweb's `record` for these replay options (docs/replay.md);
 * `noCapture` is the SDK's selector of the elements never captured (`.sdk-no-capture`, ...), given by the
 * plugin so that this chunk shares no module with the main bundle.
 */
export function recordOptions(o: ReplayOptions, noCapture: string): recordOptions<eventWithTime> {
  const extra = o.blockSelector && validSelector(o.blockSelector) ? `,${o.blockSelector}` : '';
  return {
    // Blocked elements are recorded as an empty box of their size; their subtree is never serialised, and
    // rrweb drops their mutations and input at the first check.
    blockSelector: `${noCapture}${extra}`,
    maskAllInputs: false,
    maskInputOptions: o.maskTextInput ? ALL_FIELDS : PASSWORDS_ONLY,
    ...(o.maskAllText ? { maskTextSelector: '*' } : {}),
    // Playback fidelity: the rules of every stylesheet the page can read (cross-origin ones served with CORS
    // included) and the fonts it loads through FontFace are captured now, not fetched again by the player.
    inlineStylesheet: true,
    collectFonts: true,
    // Scripts, comments and head metadata do not render: left out of the snapshot.
    slimDOMOptions: 'all',
    recordCanvas: false,
    recordCrossOriginIframes: false,
    sampling: { mousemove: 50, scroll: 150, media: 800, input: 'last' },
    // An error inside rrweb's observers is swallowed: recording must never break the page.
    errorHandler: () => true,
  };
}
