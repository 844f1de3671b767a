/** How long one slice of the recorder's work may run while the page is visible: half of a 60 Hz frame. */
export const SLICE_MS = 8;

/**
 * The budget of the next slice: SLICE_MS while the page is visible. A hidden page has no frame to keep and may be
 * frozen soon after (mobile browsers suspend hidden tabs), so there the work runs to its end without yielding.
 */
export const pageBudget = (): number => (typeof document !== 'undefined' && document.visibilityState === 'hidden' ? Infinity : SLICE_MS);

/**
 * Resolves in a new task queued behind the page's own: a MessageChannel message (not clamped to 4 ms like nested
 * timers), else `setTimeout(0)`. Never requestAnimationFrame: it stops in a hidden tab. Work that yields this way
 * lets every task the page queued meanwhile run first (timers, network callbacks), not only input and rendering.
 * Not `scheduler.yield()`: its continuation runs ahead of the page's own tasks, so a page's timers and network
 * callbacks would wait for the whole of a chunk's or a snapshot's work (docs/replay.md, "Cost control").
 */
export function pageTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The clock of one piece of sliced work. */
export interface TimeSlice {
  /** True once the current slice has used its budget. */
  over(): boolean;
  /** Yields to the page (a new task), then starts the next slice. */
  next(): Promise<void>;
}

/** A clock for sliced work whose slices last `budget()` ms each (read at the start of every slice), yielding with `yieldTask`. */
export function timeSlice(budget: () => number = pageBudget, yieldTask: () => Promise<void> = pageTask): TimeSlice {
  let deadline = performance.now() + budget();
  return {
    over: () => performance.now() >= deadline,
    async next() {
      await yieldTask();
      deadline = performance.now() + budget();
    },
  };
}
