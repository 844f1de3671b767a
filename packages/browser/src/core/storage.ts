// localStorage can be missing, disabled (Safari private mode, sandboxed iframes) or full: every
// access is guarded, and a failure only means the state lives for this page view alone.

/** The localStorage keys of one SDK instance, all under one prefix (`ns_<apiKey>_`). */
export interface Store {
  /** Whether writes reach localStorage. False while consent is pending: nothing is written before it. */
  on: boolean;
  get(name: string): unknown;
  /** Writes JSON when writes are on; a refusal (quota, private mode) is ignored. Never throws. */
  set(name: string, value: unknown): void;
  del(name: string): void;
  /** Names (without the prefix) of every key of this instance currently stored. */
  names(): string[];
  /** Removes every key of this instance, whether writes are on or not. */
  clear(): void;
}

/** `use(localStorage)`, or undefined when it is missing or the access throws. */
const ls = <T>(use: (s: Storage) => T): T | undefined => {
  try {
    return use(localStorage);
  } catch {
    return undefined;
  }
};

/** The store of the keys under `prefix`; writes start off. */
export function createStore(prefix: string): Store {
  const names = (): string[] => ls((s) => Object.keys(s).filter((key) => key.startsWith(prefix)))?.map((key) => key.slice(prefix.length)) ?? [];
  const del = (name: string): void => ls((s) => s.removeItem(prefix + name));
  return {
    on: false,
    // A missing key reads as JSON.parse(null): null, returned as undefined.
    get: (name) => ls((s) => JSON.parse(s.getItem(prefix + name) as string) as unknown) ?? undefined,
    set(name, value) {
      if (this.on) ls((s) => s.setItem(prefix + name, JSON.stringify(value)));
    },
    del,
    names,
    clear: () => names().forEach(del),
  };
}
