import { z } from 'zod';
import { isUuid } from '@northstar/core';
import type { StoredEvent } from '../ports/index.js';
import { LIMITS } from '../schemas/limits.js';
import { correctedTime } from './event-time.js';
import { serverUuidV7 } from './server-uuid.js';
import { CONTROL_CHARACTER, isWellFormed } from '../schemas/text-rules.js';

/**
 * The hot path of `/v1/track`: a hand-written check of the common, valid event that builds the stored
 * event in one pass, without zod's per-field issue bookkeeping and without copying the property maps.
 * It answers only "certainly valid" (a `StoredEvent`) or "not sure" (`undefined`); on "not sure" the
 * caller runs `trackedEventSchema`, which decides and words the error. So this function may be
 * stricter than the schema (lone surrogates — refused in names, ids and keys, repaired in values —
 * and `__proto__` keys go the slow way) but never more lenient;
 * packages/server/test/track-validation.test.ts holds the two to the same answers on generated inputs.
 */

/** The pattern of `z.iso.datetime({ offset: true })` in `schemas/timestamp.ts`. */
const DATE_TIME = z.core.regexes.datetime({ offset: true, local: false, precision: null });
const NOT_FAST = false;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainText(value: string, max: number): boolean {
  return value.length <= max && !CONTROL_CHARACTER.test(value) && isWellFormed(value);
}

/** `user_id`, `device_id`, `session_id`: absent or null → null; a non-empty plain string; else not fast. */
function optionalId(value: unknown): string | null | typeof NOT_FAST {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' && value.length > 0 && isPlainText(value, LIMITS.maxIdLength) ? value : NOT_FAST;
}

/** An ISO 8601 date-time in epoch ms; undefined when absent. */
function optionalTime(value: unknown): number | undefined | typeof NOT_FAST {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !DATE_TIME.test(value)) return NOT_FAST;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? NOT_FAST : ms;
}

function isPropertyKey(key: string): boolean {
  return key !== '__proto__' && isPlainText(key, LIMITS.maxPropertyKeyLength);
}

/** A property map whose every key and value passes, as is; NOT_FAST as soon as one does not. */
function propertyMap<V>(value: unknown, isValue: (entry: unknown) => entry is V): Record<string, V> | typeof NOT_FAST {
  if (value === undefined) return {};
  if (!isObject(value)) return NOT_FAST;
  let count = 0;
  for (const key in value) {
    if (++count > LIMITS.maxProperties || !isPropertyKey(key) || !isValue(value[key])) return NOT_FAST;
  }
  return value as Record<string, V>;
}

const isPlainValue = (entry: unknown): entry is string => typeof entry === 'string' && entry.length <= LIMITS.maxStringValueLength && isWellFormed(entry);
const isFiniteNumber = (entry: unknown): entry is number => typeof entry === 'number' && Number.isFinite(entry);

/**
 * The stored form of `item` when it is certainly valid; undefined when the schema must decide.
 * `inheritedSentAt` is the batch's `sent_at`, used when the event has none of its own.
 */
export function fastStoredEvent(item: unknown, inheritedSentAt: unknown, projectId: number, receivedAt: number): StoredEvent | undefined {
  if (!isObject(item)) return undefined;
  const name = item.event_name;
  if (typeof name !== 'string' || name.length === 0 || !isPlainText(name, LIMITS.maxEventNameLength)) return undefined;
  const userId = optionalId(item.user_id);
  const deviceId = optionalId(item.device_id);
  const sessionId = optionalId(item.session_id);
  if (userId === NOT_FAST || deviceId === NOT_FAST || sessionId === NOT_FAST || (userId === null && deviceId === null)) return undefined;
  const uuid = item.uuid;
  if (uuid !== undefined && (typeof uuid !== 'string' || !isUuid(uuid))) return undefined;
  const timestamp = optionalTime(item.timestamp);
  const ownSentAt = item.sent_at;
  const sentAt = optionalTime(ownSentAt === undefined ? inheritedSentAt : ownSentAt);
  if (timestamp === NOT_FAST || sentAt === NOT_FAST) return undefined;
  const strProperties = propertyMap(item.str_properties, isPlainValue);
  const numProperties = propertyMap(item.num_properties, isFiniteNumber);
  if (strProperties === NOT_FAST || numProperties === NOT_FAST) return undefined;
  return {
    uuid: uuid === undefined ? serverUuidV7(receivedAt) : uuid.toLowerCase(),
    project_id: projectId,
    event_name: name,
    user_id: userId,
    device_id: deviceId,
    session_id: sessionId,
    timestamp: correctedTime(timestamp, sentAt, receivedAt),
    str_properties: strProperties,
    num_properties: numProperties,
    received_at: receivedAt,
  };
}
