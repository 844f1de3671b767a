/** Data attributes that name an element for tests or analytics, preferred in that order. */
const DATA_ATTRIBUTES = ['data-testid', 'data-test', 'data-cy', 'data-qa', 'data-ns'];
/** Ancestors a selector may climb through before it gives up on uniqueness. */
const MAX_DEPTH = 8;

const quote = (value: string): string => JSON.stringify(value);
const ident = (value: string): string => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(value) : value.replace(/[^\w-]/g, '\\$&'));

/** `tag` plus what names it without counting siblings: data attribute, a field's name, role, aria-label. */
function named(el: Element): string | undefined {
  const tag = el.localName;
  for (const attribute of DATA_ATTRIBUTES) {
    const value = el.getAttribute(attribute);
    if (value) return `${tag}[${attribute}=${quote(value)}]`;
  }
  const role = el.getAttribute('role');
  const name = el.getAttribute('name');
  if (name && /^(input|select|textarea|button|form)$/.test(tag)) return `${tag}[name=${quote(name)}]`;
  if (role) return `${tag}[role=${quote(role)}]`;
  const label = el.getAttribute('aria-label');
  if (label) return `${tag}[aria-label=${quote(label)}]`;
  return undefined;
}

/**
 * `tag`, with `:nth-of-type(n)` only when a sibling has the same tag. A walk over the siblings with no
 * array made: in a list of hundreds of items (cards, rows) this step ran on every click.
 */
function positioned(el: Element): string {
  const tag = el.localName;
  if (!el.parentElement) return tag;
  let n = 1;
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === tag) n++;
  let same = n > 1;
  for (let s = el.nextElementSibling; s && !same; s = s.nextElementSibling) same = s.localName === tag;
  return same ? `${tag}:nth-of-type(${n})` : tag;
}

const unique = (selector: string, root: ParentNode): boolean => {
  try {
    return root.querySelectorAll(selector).length === 1;
  } catch {
    return false;
  }
};

/** The last selector computed for an event: `$click` and the heatmap describe the same element of the same click. */
let memo: [during: Event, el: Element, selector: string] | undefined;

/**
 * A CSS selector for `el` that survives layout and content changes: an id ends it (`#id`); otherwise
 * each step is the tag with a data attribute (`data-testid`, ...), a field's `name`, a `role` or an
 * `aria-label`, and
 * a position (`:nth-of-type`, only among siblings of the same tag) for a step that has none. It climbs
 * until a named step makes the selector match this one element, an ancestor with an id, `body`, or 8 steps.
 * `during`: the event being handled; the listeners of that one event get the selector computed once.
 */
export function stableSelector(el: Element, during?: Event): string {
  if (during && memo?.[0] === during && memo[1] === el) return memo[2];
  const root = el.ownerDocument;
  let path = '';
  let node: Element | null = el;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++, node = node.parentElement) {
    const rest = path ? ` > ${path}` : '';
    if (node.id) {
      path = `#${ident(node.id)}${rest}`;
      break;
    }
    if (node.localName === 'body') {
      path = `body${rest}`;
      break;
    }
    const name = named(node);
    path = `${name ?? positioned(node)}${rest}`;
    // Only a name may end the climb: a bare tag or position that is unique today is not once the page grows.
    if (name && unique(path, root)) break;
  }
  if (during) memo = [during, el, path];
  return path;
}
