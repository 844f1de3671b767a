import { uuidv7 } from '@northstar/core';
import { load, save } from './storage.js';

interface Stored {
  id: string;
  /** Time of the last event, ms. */
  last: number;
}

export interface Session {
  /** The session id for an event at `now`; starts a new session after `timeout` of inactivity. */
  touch(now: number): string;
  /** The current id without counting as activity; null when none or expired. */
  peek(now: number): string | null;
  save(): void;
}

/** A session shared by the tabs of one browser through localStorage, written only by `save()`. */
export function createSession(key: string, timeout: number): Session {
  const stored = load(key) as Partial<Stored> | undefined;
  let current: Stored | undefined =
    typeof stored?.id === 'string' && typeof stored.last === 'number' ? { id: stored.id, last: stored.last } : undefined;
  const live = (now: number): Stored | undefined => (current && now - current.last <= timeout ? current : undefined);
  return {
    touch(now) {
      const session = live(now) ?? { id: uuidv7(now), last: now };
      session.last = now;
      current = session;
      return session.id;
    },
    peek: (now) => live(now)?.id ?? null,
    save: () => current && save(key, current),
  };
}
