import type { TimeSlice } from './time-slice.js';

/** Characters gathered into one part before the next begins (parts end between values, never inside one). */
const PART_CHARS = 65_536;
/** Values written between two looks at the clock. */
const STEPS_PER_CHECK = 16;
/**
 * The weight (objects and arrays, strings by the KiB) of a value written by one JSON.stringify call: a table row of
 * rrweb nodes weighs about 25, and one call for it is about as fast as native serialisation of the whole page.
 */
const SMALL = 100;

/** Sizes of the work, the defaults but for tests. */
export interface EncodeJsonOptions {
  /** @default 65_536 characters */
  partChars?: number;
  /** The weight of a value written by one JSON.stringify call. @default 100 */
  smallWeight?: number;
}

interface ArrayFrame {
  items: unknown[];
  next: number;
}
interface ObjectFrame {
  object: Record<string, unknown>;
  keys: string[];
  next: number;
  /** True once a property has been written: the next one needs a comma. */
  written: boolean;
}

/** JSON.stringify leaves these out as object properties and writes them as `null` in arrays. */
const omitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** What JSON.stringify serialises for `value` under `key`: the result of its `toJSON(key)` where it has one. */
function jsonValue(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
  return (typeof value === 'object' || typeof value === 'bigint') && typeof toJSON === 'function'
    ? (toJSON as (key: string) => unknown).call(value, key)
    : value;
}

/** Objects JSON.stringify writes as their primitive value. */
const boxed = (value: object): boolean =>
  value instanceof Number || value instanceof String || value instanceof Boolean || (typeof BigInt === 'function' && value instanceof BigInt);

/**
 * What is left of `left` once the objects and arrays of `value` are counted, and its strings by the KiB; below 0
 * as soon as it runs out (the count stops there, so a large value costs `left` steps, never its size).
 */
function weigh(value: unknown, left: number): number {
  if (typeof value === 'string') return left - (value.length >> 10);
  if (value === null || typeof value !== 'object') return left;
  left -= 1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && left >= 0; i++) left = weigh(value[i], left);
  } else {
    for (const key in value) {
      if (left < 0) break;
      left = weigh((value as Record<string, unknown>)[key], left);
    }
  }
  return left;
}

/**
 * The text of `JSON.stringify(value)`, as parts (`parts.join('')` is that text; `[]` where it is undefined), written
 * in slices of `slice`'s budget so that a large value (a full snapshot of a big page) never makes a long task.
 * A small value (an ordinary rrweb event, a table row of a snapshot) is written by one JSON.stringify call; a
 * larger array is walked item by item and a larger object property by property, in JSON.stringify's order
 * (`Object.keys`), with `toJSON` called as it calls it. A cycle throws a TypeError, as JSON.stringify does.
 */
export async function encodeJson(value: unknown, slice: TimeSlice, options: EncodeJsonOptions = {}): Promise<string[]> {
  const { partChars = PART_CHARS, smallWeight = SMALL } = options;
  const parts: string[] = [];
  let text = '';
  const write = (token: string): void => {
    text += token;
    if (text.length >= partChars) {
      parts.push(text);
      text = '';
    }
  };
  const stack: (ArrayFrame | ObjectFrame)[] = [];
  /** The objects and arrays being written: meeting one again inside itself is a cycle. */
  const open = new Set<object>();
  /** Writes `v` (a value JSON.stringify does not omit, toJSON applied) whole, or opens its frame. */
  const begin = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || boxed(v)) return write(JSON.stringify(v));
    // Small enough for one call, and no toJSON of its own left to call (it may be the result of one, not called again).
    if (typeof (v as { toJSON?: unknown }).toJSON !== 'function' && weigh(v, smallWeight) >= 0) return write(JSON.stringify(v));
    if (open.has(v)) throw new TypeError('Converting circular structure to JSON');
    if (Array.isArray(v)) {
      open.add(v);
      stack.push({ items: v, next: 0 });
      return write('[');
    }
    const object = v as Record<string, unknown>;
    const keys = Object.keys(object);
    open.add(v);
    stack.push({ object, keys, next: 0, written: false });
    write('{');
  };
  const end = (frame: ArrayFrame | ObjectFrame, close: string): void => {
    stack.pop();
    open.delete('items' in frame ? frame.items : frame.object);
    write(close);
  };

  const root = jsonValue(value, '');
  if (omitted(root)) return [];
  begin(root);
  let steps = 0;
  while (stack.length > 0) {
    if (++steps % STEPS_PER_CHECK === 0 && slice.over()) await slice.next();
    const frame = stack[stack.length - 1] as ArrayFrame | ObjectFrame;
    if ('items' in frame) {
      if (frame.next >= frame.items.length) {
        end(frame, ']');
        continue;
      }
      const index = frame.next++;
      if (index > 0) write(',');
      const item = jsonValue(frame.items[index], String(index));
      if (omitted(item)) write('null');
      else begin(item);
    } else {
      if (frame.next >= frame.keys.length) {
        end(frame, '}');
        continue;
      }
      const key = frame.keys[frame.next++] as string;
      const property = jsonValue(frame.object[key], key);
      if (omitted(property)) continue;
      write(`${frame.written ? ',' : ''}${JSON.stringify(key)}:`);
      frame.written = true;
      begin(property);
    }
  }
  if (text) parts.push(text);
  return parts;
}
