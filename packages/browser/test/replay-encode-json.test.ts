// @vitest-environment jsdom
import { record } from 'rrweb';
import type { eventWithTime } from 'rrweb';
import { describe, expect, it, vi } from 'vitest';
import { encodeJson } from '../src/plugins/replay/encode-json.js';
import { pageTask, timeSlice } from '../src/plugins/replay/time-slice.js';
import { ODD_STRINGS, chunkOf, fullSnapshot } from './replay-fixtures.js';

/** A clock that is always out of time: every look at it yields. */
const everyTime = () => timeSlice(() => 0);
/** A clock that never runs out, as on a hidden page. */
const unbounded = () => timeSlice(() => Infinity);
/** The text of `value`, every object and array walked by the encoder itself (none small enough for one JSON.stringify call). */
const walked = async (value: unknown, slice = everyTime()) => (await encodeJson(value, slice, { smallWeight: 0 })).join('');

/** True when `text` has no lone surrogate: what a part cut inside a surrogate pair would have. */
const wellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

/** The events rrweb records of a jsdom page with ODD_STRINGS in its text, attributes and fields, then a few changes. */
async function recordedEvents(): Promise<eventWithTime[]> {
  document.body.innerHTML = `<h1 title="a &quot;title&quot;">${'é'.repeat(3)}</h1><input id="f" value="typed"><textarea>notes</textarea><ul id="list"></ul>`;
  const events: eventWithTime[] = [];
  const stop = record({ emit: (event) => void events.push(event), maskInputOptions: { text: true }, slimDOMOptions: 'all' });
  // The full snapshot is taken in time slices: the changes come once it is out, as incremental events.
  await vi.waitFor(() => expect(events.map((e) => e.type)).toContain(2));
  const list = document.getElementById('list') as HTMLElement;
  for (const odd of ODD_STRINGS) list.append(Object.assign(document.createElement('li'), { textContent: odd, title: odd }));
  (document.querySelector('h1') as HTMLElement).textContent = ODD_STRINGS[7] as string;
  await vi.waitFor(() => expect(events.map((e) => e.type)).toContain(3));
  stop?.();
  return events;
}

describe('the sliced JSON encoder', () => {
  it('writes the text of JSON.stringify for the events rrweb records of a page with unicode, escapes and lone surrogates', async () => {
    const events = await recordedEvents();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining([4, 2, 3]));
    const chunk = { session_id: 's', seq: 3, device_id: 'd', user_id: undefined, events };
    expect(await walked(chunk)).toBe(JSON.stringify(chunk));
    expect((await encodeJson(chunk, everyTime())).join('')).toBe(JSON.stringify(chunk));
  });

  it('writes the text of JSON.stringify for a full snapshot of 50,000 nodes, walked down to its rows', async () => {
    const chunk = chunkOf(5556);
    const parts = await encodeJson(chunk, timeSlice());
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.join('')).toBe(JSON.stringify(chunk));
    expect(await walked(chunk, timeSlice())).toBe(JSON.stringify(chunk));
  });

  it('leaves out and nulls what JSON.stringify does, and calls toJSON as it does', async () => {
    const symbol = Symbol('s');
    const values: unknown[] = [
      { a: undefined, b: () => 1, [symbol]: 1, c: symbol, d: 1 },
      [undefined, () => 1, symbol, NaN, Infinity, -Infinity, -0, 1e21, 5e-7],
      // eslint-disable-next-line no-sparse-arrays -- a hole is written as null
      [1, , 3],
      { nested: { deeper: [{ empty: {} }, [], [[]]] } },
      { date: new Date(0), withKey: { toJSON: (key: string) => `key:${key}` }, list: [{ toJSON: (key: string) => ({ at: key, inner: { x: 1 } }) }] },
      { returnsItself: { toJSON: () => ({ toJSON: () => 'not called again', kept: true }) } },

      { boxed: [new Number(2), new String('s'), new Boolean(false)] },
      { 2: 'b', 1: 'a', z: 'z', y: { 10: 1, 9: 2 } },
      Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }),
      new (class Point {
        x = 1;
        y = [2];
      })(),
      'top-level string',
      42,
      null,
      [],
      {},
    ];
    for (const value of values) {
      expect(await walked(value), JSON.stringify(value)).toBe(JSON.stringify(value));
      expect((await encodeJson(value, everyTime())).join(''), JSON.stringify(value)).toBe(JSON.stringify(value));
    }
    expect(await encodeJson(undefined, everyTime())).toEqual([]);
  });

  it('cuts parts between values only: a part never splits an escape or a surrogate pair', async () => {
    const value = { strings: ODD_STRINGS.flatMap((s) => [s, { s }]) };
    const parts = await encodeJson(value, everyTime(), { partChars: 3, smallWeight: 0 });
    expect(parts.join('')).toBe(JSON.stringify(value));
    for (const part of parts) expect(wellFormed(part), part).toBe(true);
    expect(parts.some((part) => part.includes(JSON.stringify(ODD_STRINGS[6])))).toBe(true);
  });

  it('throws a TypeError on a cycle, as JSON.stringify does', async () => {
    const cyclic: Record<string, unknown> = { a: [1] };
    (cyclic.a as unknown[]).push({ back: cyclic });
    await expect(encodeJson(cyclic, everyTime())).rejects.toThrow(TypeError);
    // The same object twice, side by side, is no cycle.
    const shared = { x: [1] };
    expect(await walked({ one: shared, two: shared })).toBe(JSON.stringify({ one: shared, two: shared }));
  });

  it('yields to the page between slices: with a 0 ms budget a large chunk takes many tasks, and other tasks run in between', async () => {
    let yields = 0;
    let otherTaskRan = false;
    setTimeout(() => (otherTaskRan = true), 0);
    const slice = timeSlice(
      () => 0,
      () => (yields++, pageTask()),
    );
    await encodeJson(chunkOf(2000), slice);
    expect(yields).toBeGreaterThan(100);
    expect(otherTaskRan).toBe(true);
  });

  it('runs in one go with an unbounded budget (a hidden page): nothing else runs before it is done', async () => {
    let otherTaskRan = false;
    setTimeout(() => (otherTaskRan = true), 0);
    const value = fullSnapshot(2000);
    expect((await encodeJson(value, unbounded())).join('')).toBe(JSON.stringify(value));
    expect(otherTaskRan).toBe(false);
  });
});
