import type { PropertyMaps } from '@northstar/core';

/** One property value: finite numbers go to `num_properties`; objects as their JSON text; null and undefined are left out. */
export type PropertyValue = string | number | boolean | null | undefined | object;

export type Properties = Record<string, PropertyValue>;

/** Who an event, an identify or a flag is about: at least one of the two. */
export interface Person {
  /** Your user's id. Flags are bucketed by it when given. */
  userId?: string;
  /** The device's id, e.g. the browser SDK's `getDeviceId()` forwarded by your front end. */
  deviceId?: string;
}

/** Argument of `track()` (posthog-node: `capture({ distinctId, event, properties })`). */
export interface TrackMessage extends Person {
  /** Event name; system events start with `$`. */
  event: string;
  properties?: Properties;
  sessionId?: string;
  /** When it happened. @default the time of the call */
  timestamp?: Date | string | number;
  /** Idempotency key (a UUID) when you have one of your own. @default a new UUIDv7 */
  uuid?: string;
}

/** User properties of `identify()`: a `null` removes one from the stored person. */
export type UserProperties = Record<string, string | number | boolean | null>;

/** Argument of `identify()`. */
export interface IdentifyMessage {
  userId: string;
  /**
   * The device to link to the user (the browser SDK's device id of the visitor who just signed in).
   * @default the user id: a server has no device of its own, so the user stands for it
   */
  deviceId?: string;
  properties?: UserProperties;
}

/** Empty, blank, "undefined" and "null" (any case) are template bugs, not people; the server refuses them too. */
export const isPersonId = (id: unknown): id is string => typeof id === 'string' && !/^(undefined|null)?$/i.test(id.trim());

/** The caller's properties split by wire type; null, undefined and what JSON cannot write are left out. */
export function splitProperties(properties: Properties | undefined): PropertyMaps {
  const str: Record<string, string> = {};
  const num: Record<string, number> = {};
  for (const key in properties) {
    if (key === '__proto__') continue;
    const value = properties[key];
    if (typeof value === 'number' && Number.isFinite(value)) num[key] = value;
    else if (value != null) {
      try {
        str[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
      } catch {
        // A cycle or a bigint: JSON cannot write it, so the property is left out.
      }
    }
  }
  return { str, num };
}

/** Epoch ms of a `timestamp` option; undefined when it names no valid time. */
export function timeOf(timestamp: TrackMessage['timestamp']): number | undefined {
  if (timestamp === undefined) return Date.now();
  const t = timestamp instanceof Date ? timestamp.getTime() : typeof timestamp === 'number' ? timestamp : Date.parse(timestamp);
  return Number.isFinite(t) ? t : undefined;
}
