import type { Frame, Page } from 'playwright-core';

/**
 * The text a person sees of a document, as a comparable string: the text nodes under `body` in order,
 * whitespace collapsed, without scripts, styles and form fields (whose values are checked on their
 * own), and without the subtrees `blocked` matches. Runs in the page (or the replayer's iframe).
 */
function visibleText([blocked]: [string]): string {
  const parts: string[] = [];
  const skipped = new Set(['SCRIPT', 'NOSCRIPT', 'STYLE', 'TEMPLATE', 'TEXTAREA', 'HEAD']);
  // nodeType, not instanceof: the nodes the replayer adds after its snapshot may come from another window.
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (skipped.has(element.tagName) || element.matches(blocked)) return;
    element.childNodes.forEach(walk);
  };
  walk(document.body);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** `visibleText` of a page or frame. */
export function textOf(target: Page | Frame, blocked: string): Promise<string> {
  return target.evaluate(visibleText, [blocked] as [string]);
}

/** The replayer's iframe on the playback page (same origin: rrweb sandboxes it with allow-same-origin only). */
export async function replayFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#stage iframe', { state: 'attached', timeout: 30_000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the replayer has no iframe document');
  return frame;
}

/** Moves the player to `offset` ms, as a person dragging the position slider does. */
export function seekTo(page: Page, offset: number | 'end'): Promise<void> {
  return page.evaluate((to) => {
    const range = document.getElementById('seek') as HTMLInputElement;
    range.value = to === 'end' ? range.max : String(to);
    range.dispatchEvent(new Event('input', { bubbles: true }));
  }, offset);
}
