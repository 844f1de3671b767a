/**
 * Weighted DOM mutations per second past which the recorder stops following the page's changes one by one
 * (docs/replay.md, "Cost control"). rrweb serialises every added subtree inside its MutationObserver callback,
 * so a page that renders a large table at once, or mutates thousands of nodes a second, would stall there.
 */
export const MUTATION_LIMIT = 10_000;
/** The window the limit counts over, ms. */
const WINDOW = 1000;

/** The weight of one mutation record: an added element counts with its whole subtree, which rrweb would serialise. */
function weight(record: MutationRecord): number {
  if (record.type !== 'childList') return 1;
  let total = record.removedNodes.length;
  for (const node of Array.from(record.addedNodes)) total += node instanceof Element ? 1 + node.getElementsByTagName('*').length : 1;
  return total;
}

export interface MutationThrottle {
  /** True while the current window is past the limit, or was when it ended. */
  busy(): boolean;
  disconnect(): void;
}

/**
 * Counts the page's mutations with a MutationObserver of its own and calls `onBurst` when a window passes
 * `limit`. It must be created before rrweb's observer: observers of one node are notified in the order they
 * began observing, so `onBurst` runs — and can stop rrweb, whose pending records are then dropped unread —
 * before rrweb's callback would serialise the burst.
 */
export function watchMutations(onBurst: () => void, limit = MUTATION_LIMIT): MutationThrottle {
  let start = 0;
  let count = 0;
  let over = false;
  const roll = (now: number): void => {
    if (now - start < WINDOW) return;
    over = count > limit;
    start = now;
    count = 0;
  };
  const observer = new MutationObserver((records) => {
    roll(Date.now());
    for (const record of records) count += weight(record);
    if (count > limit) {
      over = true;
      onBurst();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  return {
    busy() {
      roll(Date.now());
      return over || count > limit;
    },
    disconnect: () => observer.disconnect(),
  };
}
