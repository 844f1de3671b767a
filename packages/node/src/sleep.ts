/**
 * Resolves after `ms`, or at once when `signal` aborts. The timer does not keep a Node process alive:
 * what must finish before exit is awaited through `shutdown()`, whose own deadline timer does.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    (timer as { unref?: () => void }).unref?.();
    signal.addEventListener('abort', done);
  });
}
