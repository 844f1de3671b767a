import { uuidv7 } from '@northstar/core';
import { flatProperties } from './properties.js';
import type { Store } from './storage.js';

/** User properties: strings (numbers and booleans are turned into strings); `null` removes one. */
export type UserProperties = Record<string, string | number | boolean | null | undefined>;

/** Who the events are about; stored under `ids`. */
export interface Identity {
  device: string;
  user?: string;
  /** Set by identify() and setUserProperties(); every later event carries them as `$user.<name>`. */
  props: Record<string, string>;
  /** Super properties, set by register() and group(): every later event carries them. */
  supers: Record<string, string | number>;
}

/** The stored identity, or a new device. */
export function loadIdentity(store: Store): Identity {
  const s = store.get('ids') as Partial<Identity> | undefined;
  const id: Identity = { device: typeof s?.device === 'string' ? s.device : uuidv7(), props: {}, supers: flatProperties(s?.supers) };
  if (typeof s?.user === 'string') id.user = s.user;
  mergeProps(id, s?.props);
  return id;
}

/** Empty, blank, "undefined" and "null" (any case) are not user ids: a template bug, not a person. */
export const isUserId = (id: unknown): id is string => typeof id === 'string' && !/^(undefined|null)?$/i.test(id.trim());

/** Merges `props` into the identity's user properties; true when anything changed. */
export function mergeProps(id: Identity, props: UserProperties | undefined): boolean {
  const before = JSON.stringify(id.props);
  for (const key in props) {
    const value = props[key];
    if (value === null) delete id.props[key];
    else if (value !== undefined && typeof value !== 'object') id.props[key] = String(value);
  }
  return JSON.stringify(id.props) !== before;
}
