/**
 * An in-memory Web Locks API (exclusive mode, `ifAvailable`) for jsdom, which has none. Several
 * clients in one jsdom window stand for several tabs of one site; `navigator.locks` is the browser's.
 */
export function installFakeLocks(): { held: Set<string>; uninstall(): void } {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const release = (name: string): void => {
    held.delete(name);
    waiting.get(name)?.shift()?.();
  };
  const locks = {
    async request(name: string, ...rest: unknown[]): Promise<unknown> {
      const callback = rest.at(-1) as (lock: { name: string } | null) => unknown;
      const options = (rest.length > 1 ? rest[0] : {}) as { ifAvailable?: boolean };
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        await new Promise<void>((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        release(name);
      }
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { held, uninstall: () => Reflect.deleteProperty(navigator, 'locks') };
}
