import { uuidv7 } from '@northstar/core';
import type { Store } from './storage.js';

export interface SessionState {
  id: string;
  /** Time of the first event, ms. */
  start: number;
  /** Time of the last event, ms. */
  last: number;
  /** The `$utm_*` tags of the page that opened the session: kept for the whole session. */
  utm?: Record<string, string>;
}

export interface SessionTouch {
  id: string;
  /** True when this event opens a new session. */
  started: boolean;
  /** The session that timed out or was reset before this one, if this tab knew it. */
  ended?: SessionState;
}

export interface Session {
  /** The session for an event at `now`; opens a new one (with the page's `utm` tags) after `timeout` of inactivity. */
  touch(now: number, utm: Record<string, string>): SessionTouch;
  /** The UTM tags of the current session. */
  utm(): Record<string, string> | undefined;
  /** The current id without counting as activity; null when none or expired. */
  peek(now: number): string | null;
  /** Ends the current session (reset): returns it when it was live; the next touch opens a new one. */
  end(now: number): SessionState | undefined;
  save(): void;
}

/**
 * One session shared by the tabs of a site through the `session` key. A tab whose own copy has
 * expired re-reads the key first (another tab may have kept the session alive, or opened the next
 * one) and writes a new session at once, so other tabs join it instead of opening their own.
 */
export function createSession(store: Store, timeout: number): Session {
  /** The stored session; undefined when there is none or it is not one. */
  const read = (): SessionState | undefined => {
    const s = store.get('session') as Partial<SessionState> | undefined;
    return typeof s?.id === 'string' && typeof s.last === 'number'
      ? { id: s.id, start: Number(s.start) || s.last, last: s.last, utm: typeof s.utm === 'object' && s.utm ? s.utm : undefined }
      : undefined;
  };
  let current = read();
  const live = (s: SessionState | undefined, now: number): SessionState | undefined => (s && now - s.last <= timeout ? s : undefined);
  const save = (): void => void (current && store.set('session', current));
  return {
    touch(now, utm) {
      let s = live(current, now);
      if (!s) {
        const stored = read();
        s = live(stored, now);
        if (!s) {
          const old = current ?? stored;
          current = { id: uuidv7(now), start: now, last: now, utm };
          save();
          return { id: current.id, started: true, ended: old };
        }
      }
      s.last = Math.max(s.last, now);
      current = s;
      return { id: s.id, started: false };
    },
    peek: (now) => live(current, now)?.id ?? null,
    utm: () => current?.utm,
    end(now) {
      const s = live(current, now);
      current = undefined;
      store.del('session');
      return s;
    },
    save,
  };
}
