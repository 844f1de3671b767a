/** A child of `h()`: a node, text (always a text node, never parsed), or nothing. */
export type Child = Node | string | false | null | undefined;

/**
 * An element built without HTML parsing: `attributes` through `setAttribute` (an `on…` name is refused:
 * handlers are added with `addEventListener`; `href` goes through `safeHref`), children as nodes or text
 * nodes. Server content reaches the DOM only this way: as text, never as markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || /^on/i.test(name)) continue;
    const safe = name === 'href' ? safeHref(value) : value;
    if (safe !== undefined) element.setAttribute(name, safe);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** `url` resolved against the page when it is `http:` or `https:`; undefined for anything else (`javascript:`, `data:`, ...). */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A `<button type="button">` with its text and click handler. */
export function button(text: string, onClick: () => void, attributes: Record<string, string | undefined> = {}): HTMLButtonElement {
  const element = h('button', { type: 'button', ...attributes }, text);
  element.addEventListener('click', onClick);
  return element;
}

/** The close button of an overlay: an `×` named for assistive technology. */
export const closeButton = (onClick: () => void, label = 'Close'): HTMLButtonElement => button('×', onClick, { class: 'ns-close', 'aria-label': label });
