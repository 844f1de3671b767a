const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `container` that Tab reaches, in document order. */
export const focusables = (container: ParentNode): HTMLElement[] => [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];

/** The element that has focus, looking through open shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Calls `onEscape` on Escape pressed while focus is inside `container`; returns what stops listening. */
export function escapeCloses(container: HTMLElement, onEscape: () => void): () => void {
  const listener = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onEscape();
  };
  container.addEventListener('keydown', listener);
  return () => container.removeEventListener('keydown', listener);
}

/**
 * Keeps focus inside `container`: Tab on its last focusable goes to its first, Shift+Tab on its first to
 * its last; focus moves in now (to `initial`, else the first focusable, else the container). The returned
 * function stops trapping and gives focus back to the element that had it before, when it is still there.
 */
export function trapFocus(container: HTMLElement, initial?: HTMLElement): () => void {
  const before = deepActiveElement();
  const listener = (event: KeyboardEvent): void => {
    if (event.key !== 'Tab') return;
    const list = focusables(container);
    const first = list[0];
    const last = list[list.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = deepActiveElement();
    const inside = active instanceof Node && container.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
  container.addEventListener('keydown', listener);
  moveFocusInto(container, initial);
  return () => {
    container.removeEventListener('keydown', listener);
    if (before instanceof HTMLElement && before.isConnected) before.focus();
  };
}

/** Focuses `initial`, else the first focusable of `container`, else the container itself (made focusable by script only). */
export function moveFocusInto(container: HTMLElement, initial?: HTMLElement): void {
  const target = initial ?? focusables(container)[0];
  if (target) return target.focus();
  if (!container.hasAttribute('tabindex')) container.setAttribute('tabindex', '-1');
  container.focus();
}

/**
 * Moves focus into a non-modal overlay (a tooltip, a banner's panel, a tour step) so that the keyboard
 * reaches it; the returned function gives focus back to where it was, if focus is still inside `container`
 * or nowhere (the person moved on otherwise, and keeps their place).
 */
export function enterFocus(container: HTMLElement, initial?: HTMLElement): () => void {
  const before = deepActiveElement();
  moveFocusInto(container, initial);
  return () => {
    const active = deepActiveElement();
    const stayed = !active || active === document.body || (active instanceof Node && container.contains(active));
    if (stayed && before instanceof HTMLElement && before.isConnected) before.focus();
  };
}
