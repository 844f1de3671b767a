/** Builds an element with attributes and children, without innerHTML. */
export function h(tag: string, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

/** Replaces the body's content with `nodes`; returns the body. */
export function page(...nodes: (Node | string)[]): HTMLElement {
  document.body.replaceChildren(...nodes);
  return document.body;
}
