// localStorage can be missing, disabled (Safari private mode, sandboxed iframes) or full: every
// access is guarded, and a failure only means the state lives for this page view alone.

/** The localStorage keys of one SDK instance, all under one prefix (`ns_<apiKey>_`). */
export interface Store {
  /** Whether writes reach localStorage. False while consent is pending: nothing is written before it. */
  on: boolean;
  get(name: string): unknown;
  /** Writes JSON; false when writes are off or the browser refused (quota, private mode). Never throws. */
  set(name: string, value: unknown): boolean;
  del(name: string): void;
  /** Names (without the prefix) of every key of this instance currently stored. */
  names(): string[];
  /** Removes every key of this instance, whether writes are on or not. */
  clear(): void;
}

const ls = (): Storage | undefined => {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
};

export function createStore(prefix: string, on: boolean): Store {
  const names = (): string[] => {
    const out: string[] = [];
    try {
      const s = ls();
      for (let i = 0; s && i < s.length; i++) {
        const key = s.key(i);
        if (key?.startsWith(prefix)) out.push(key.slice(prefix.length));
      }
    } catch {
      // unreadable storage has no keys
    }
    return out;
  };
  const del = (name: string): void => {
    try {
      ls()?.removeItem(prefix + name);
    } catch {
      // nothing to remove
    }
  };
  return {
    on,
    get(name) {
      try {
        const raw = ls()?.getItem(prefix + name);
        return raw == null ? undefined : (JSON.parse(raw) as unknown);
      } catch {
        return undefined;
      }
    },
    set(name, value) {
      if (!this.on) return false;
      try {
        ls()?.setItem(prefix + name, JSON.stringify(value));
        return true;
      } catch {
        // quota exceeded or storage disabled: keep going in memory
        return false;
      }
    },
    del,
    names,
    clear: () => names().forEach(del),
  };
}
