// localStorage can be missing, disabled (Safari private mode, sandboxed iframes) or full: every
// access is guarded, and a failure only means the state lives for this page view alone.

export function load(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

export function save(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: keep going in memory
  }
}
