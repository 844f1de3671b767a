import type { Properties } from '../core/properties.js';
import { NO_CAPTURE } from './no-capture.js';
import { stableSelector } from './selector.js';
/** Longest `$el_text`, characters. */
const MAX_TEXT = 100;
/** Classes kept in `$el_classes`. */
const MAX_CLASSES = 10;
/** Digit runs that look like a card or account number: such a text is left out. */
const NUMBER_LIKE = /\d(?:[ -]?\d){11,}/;

/** True when nothing about `el` may be captured: inside `.sdk-no-capture` / `[data-sdk-no-capture]`, or a password field. */
export function isBlocked(el: Element): boolean {
  return !!el.closest(NO_CAPTURE) || (el.localName === 'input' && (el as HTMLInputElement).type === 'password');
}

/** What a click is about: the nearest of these around the clicked node, else the node itself. */
const CLICKABLE =
  'a,button,input,select,textarea,label,summary,[role="button"],[role="link"],[role="menuitem"],[role="tab"],[role="checkbox"],[role="radio"],[role="switch"],[role="option"]';

/** The element a click on `target` is about (`$click`'s, and the heatmap's), or null when it must not be captured. */
export function clickedElement(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest(CLICKABLE) ?? target;
  return isBlocked(el) || isBlocked(target) ? null : el;
}

/** Form fields: their text would be what the user typed or chose, so it is never read. */
const isField = (el: Element): boolean => /^(input|textarea|select|option)$/.test(el.localName);

/** True when `el`'s text may hold what the user typed: a field, or anything editable in or around it. */
const holdsInput = (el: Element): boolean =>
  isField(el) ||
  (el as HTMLElement).isContentEditable ||
  el.closest('[contenteditable]:not([contenteditable="false"])') !== null ||
  el.querySelector('[contenteditable],textarea,select') !== null;

/** Text nodes under `node`, skipping scripts, styles and parts that are never captured. */
function visibleText(node: Node): string {
  let text = '';
  for (let child = node.firstChild; child && text.length <= MAX_TEXT * 2; child = child.nextSibling) {
    if (child.nodeType === 3) text += child.nodeValue ?? '';
    else if (child instanceof Element && !/^(script|style)$/.test(child.localName) && !child.matches(NO_CAPTURE)) text += visibleText(child);
  }
  return text;
}

/**
 * The visible text of `el`, whitespace collapsed and cut to 100 characters, without the parts inside
 * `.sdk-no-capture`; empty where it may hold user input, or when it looks like a card number.
 */
export function elementText(el: Element): string {
  if (holdsInput(el)) return '';
  const text = visibleText(el).replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
  return NUMBER_LIKE.test(text) ? '' : text;
}

/**
 * How events about an element describe it (`$click`, the frustration signals): `$el_tag`,
 * `$el_selector`, and when present `$el_id`, `$el_classes` (space-separated, the first 10), `$el_text`,
 * `$el_href` (of the element or its closest link, absolute), `$el_role`, `$el_name`, `$el_type`.
 * Never an input's value. `during`: the event being handled (see stableSelector).
 */
export function describeElement(el: Element, during?: Event): Properties {
  const props: Properties = { $el_tag: el.localName, $el_selector: stableSelector(el, during) };
  const classes = Array.from(el.classList).slice(0, MAX_CLASSES).join(' ');
  const text = elementText(el);
  const link = el.closest<HTMLAnchorElement>('a[href]');
  const extra: [string, string | null][] = [
    ['$el_id', el.id],
    ['$el_classes', classes],
    ['$el_text', text],
    ['$el_href', link && (link.href || link.getAttribute('href'))],
    ['$el_role', el.getAttribute('role')],
    ['$el_name', el.getAttribute('name')],
    ['$el_type', isField(el) || el.localName === 'button' ? el.getAttribute('type') : null],
  ];
  for (const [key, value] of extra) if (value) props[key] = value;
  return props;
}
