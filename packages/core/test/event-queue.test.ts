import { describe, expect, it, vi } from 'vitest';
import type { TrackedEvent } from '../src/event.js';
import { createEventQueue } from '../src/delivery/event-queue.js';

const none = { str: {}, num: {} };
const event = (name: string): TrackedEvent => ({ event_name: name, device_id: 'd' });

describe('createEventQueue', () => {
  it('finishes pushed events only when read: uuid, ISO time and merged properties', () => {
    const q = createEventQueue(10, () => undefined);
    const e = event('a');
    q.push(e, Date.UTC(2026, 0, 2), { str: { page: '/' }, num: { w: 1 } }, { str: { plan: 'pro' }, num: {} });
    expect(e.uuid).toBeUndefined();
    const [ready] = q.ready();
    expect(ready).toMatchObject({ timestamp: '2026-01-02T00:00:00.000Z', str_properties: { page: '/', plan: 'pro' }, num_properties: { w: 1 } });
    expect(ready?.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('drops the oldest event past max and says so', () => {
    const q = createEventQueue(2, () => undefined);
    expect([q.push(event('a'), 1, none, none), q.add({ ...event('b'), timestamp: 'x' }), q.push(event('c'), 3, none, none)]).toEqual([true, true, false]);
    expect(q.ready().map((e) => e.event_name)).toEqual(['b', 'c']);
  });

  it('hands its finished events to the writer, and undefined once empty', () => {
    const write = vi.fn();
    const q = createEventQueue(10, write);
    q.push(event('a'), 1, none, none);
    q.save(true);
    expect(write).toHaveBeenLastCalledWith([expect.objectContaining({ event_name: 'a', uuid: expect.any(String) })], true);
    q.clear();
    expect(write).toHaveBeenLastCalledWith(undefined);
  });

  it('absorbs events stored elsewhere by time, skipping the uuids it has', () => {
    const q = createEventQueue(10, () => undefined);
    q.add({ ...event('mine'), uuid: 'u1', timestamp: '2026-01-02T00:00:00.000Z' });
    const dropped = q.absorb([
      { ...event('older'), uuid: 'u2', timestamp: '2026-01-01T00:00:00.000Z' },
      { ...event('duplicate'), uuid: 'u1', timestamp: '2026-01-03T00:00:00.000Z' },
    ]);
    expect(dropped).toBe(0);
    expect(q.items.map((e) => e.event_name)).toEqual(['older', 'mine']);
  });
});
