// The element an event is about, described compactly for `$rageclick`, `$deadclick`, `$errorclick` and
// `$erratic_cursor`. The `$click` autocapture describes elements the same way: the two should become
// one shared module in src/core/.

/** Elements inside one of these are never described nor captured. */
export const NO_CAPTURE = '.sdk-no-capture, [data-sdk-no-capture]';
/** Data attributes that name an element stably, preferred in selectors after the id. */
const STABLE_DATA = ['data-testid', 'data-test', 'data-test-id', 'data-cy', 'data-qa', 'data-id'];
/** Most characters of text kept. */
const TEXT_LIMIT = 100;
/** Most ancestors a selector climbs through. */
const SELECTOR_DEPTH = 5;

/** The properties an element contributes to an event (all strings; empty ones are left out). */
export interface ElementDescription {
  /** Lower-case tag name, e.g. `button`. */
  $el_tag: string;
  $el_id?: string;
  /** Class names, space-separated. */
  $el_classes?: string;
  /** Visible text, whitespace collapsed, at most 100 characters; never the value of a field. */
  $el_text?: string;
  /** A CSS selector that prefers ids, stable data attributes and roles over positions. */
  $el_selector: string;
  /** `href` of the element or its closest link. */
  $el_href?: string;
}

/** True when the element must not be captured: inside `.sdk-no-capture` / `[data-sdk-no-capture]`, or a password field. */
export function isExcluded(el: Element): boolean {
  return !!el.closest(NO_CAPTURE) || (el instanceof HTMLInputElement && el.type === 'password');
}

const escape = (s: string): string => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/[^\w-]/g, '\\$&'));
const quote = (s: string): string => JSON.stringify(s);

/** Text of the element, skipping fields (a textarea's text is its value) and excluded parts. */
function textOf(el: Element): string {
  let text = '';
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child && text.length <= TEXT_LIMIT * 2; child = child.nextSibling) {
      if (child.nodeType === 3) text += child.nodeValue ?? '';
      else if (child instanceof Element && !/^(INPUT|TEXTAREA|SELECT|SCRIPT|STYLE)$/.test(child.tagName) && !child.matches(NO_CAPTURE)) walk(child);
    }
  };
  walk(el);
  return text.replace(/\s+/g, ' ').trim().slice(0, TEXT_LIMIT);
}

/** One step of a selector, and whether it names the element on its own (an id or a stable data attribute). */
function step(el: Element): [string, boolean] {
  const tag = el.tagName.toLowerCase();
  if (el.id) return [`#${escape(el.id)}`, true];
  for (const name of STABLE_DATA) {
    const value = el.getAttribute(name);
    if (value) return [`${tag}[${name}=${quote(value)}]`, true];
  }
  let part = tag;
  const role = el.getAttribute('role');
  if (role) part += `[role=${quote(role)}]`;
  const label = el.getAttribute('aria-label');
  if (label) part += `[aria-label=${quote(label)}]`;
  for (const name of Array.from(el.classList).slice(0, 2)) part += `.${escape(name)}`;
  const parent = el.parentElement;
  if (parent) {
    const same = Array.from(parent.children).filter((sibling) => sibling.tagName === el.tagName);
    if (same.length > 1 && !role && !label) part += `:nth-of-type(${same.indexOf(el) + 1})`;
  }
  return [part, false];
}

/** A selector of the element: from its closest ancestor with an id or stable data attribute (at most 5 levels up). */
export function selectorOf(el: Element): string {
  const parts: string[] = [];
  for (let node: Element | null = el; node && parts.length < SELECTOR_DEPTH && node.tagName !== 'HTML'; node = node.parentElement) {
    const [part, unique] = step(node);
    parts.unshift(part);
    if (unique) break;
  }
  return parts.join(' > ');
}

/** Describes the element: tag, id, classes, truncated text, selector and link. */
export function describeElement(el: Element): ElementDescription {
  const d: ElementDescription = { $el_tag: el.tagName.toLowerCase(), $el_selector: selectorOf(el) };
  if (el.id) d.$el_id = el.id;
  const classes = Array.from(el.classList).join(' ');
  if (classes) d.$el_classes = classes;
  const text = textOf(el);
  if (text) d.$el_text = text;
  const href = el.closest('a[href]')?.getAttribute('href');
  if (href) d.$el_href = href;
  return d;
}
