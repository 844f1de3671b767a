// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedEvent } from '../src/event.js';
import { createDelivery } from '../src/delivery/delivery.js';
import type { DeliveryOptions } from '../src/delivery/delivery.js';
import { createEventQueue } from '../src/delivery/event-queue.js';
import type { SendResult } from '../src/delivery/send-result.js';
import { rejectedIndexes, retryable } from '../src/delivery/send-result.js';

const ok: SendResult = { status: 200, retryAfter: null };

/** A delivery over an in-memory queue of `count` events, answering with `answers` in turn (then 200). */
function setup(count: number, answers: SendResult[] = [], options: Partial<DeliveryOptions> = {}) {
  const queue = createEventQueue(1000, () => undefined);
  for (let i = 0; i < count; i++) queue.add({ event_name: `e${i}`, uuid: `u${i}`, timestamp: new Date(i).toISOString() });
  const batches: TrackedEvent[][] = [];
  const send = vi.fn((batch: TrackedEvent[]) => {
    batches.push(batch);
    return Promise.resolve(answers.shift() ?? ok);
  });
  const delivery = createDelivery({ queue, send, flushInterval: 2000, flushSize: 20, paused: () => false, changed: () => undefined, ...options });
  return { queue, delivery, batches, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createDelivery (environment-neutral: timers and promises only)', () => {
  it('sends the queue in order, in batches of at most 100', async () => {
    const { queue, delivery, batches } = setup(250);
    await delivery.flush();
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(queue.items).toHaveLength(0);
  });

  it('keeps the batch on a 503 and waits for Retry-After before the next send', async () => {
    const { queue, delivery, send } = setup(3, [{ status: 503, retryAfter: '5' }]);
    await delivery.flush();
    expect(queue.items).toHaveLength(3);
    expect(delivery.waiting()).toBe(true);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.items).toHaveLength(0);
  });

  it('halves the batches after a 413', async () => {
    const { delivery, batches } = setup(100, [{ status: 413, retryAfter: null }]);
    await delivery.flush();
    expect(batches.map((b) => b.length)).toEqual([100, 50, 50]);
  });

  it('drops only the events a 4xx rejected, and the whole batch when it names none', async () => {
    const { queue, delivery } = setup(3, [{ status: 400, retryAfter: null, rejected: [1] }]);
    await delivery.flush();
    expect(queue.items.map((e) => e.event_name)).toEqual(['e0', 'e2']);
  });

  it('sends at flushSize at once, otherwise after flushInterval', async () => {
    const { queue, delivery, send } = setup(19);
    delivery.kick();
    expect(send).not.toHaveBeenCalled();
    queue.add({ event_name: 'e19' });
    delivery.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('reports each request with its batch and status', async () => {
    const sent = vi.fn();
    const { delivery } = setup(1, [{ status: 0, retryAfter: null }], { sent });
    await delivery.flush();
    expect(sent).toHaveBeenCalledWith([expect.objectContaining({ event_name: 'e0' })], 0);
  });

  it('sends nothing while paused or after stop()', async () => {
    let paused = true;
    const { delivery, send } = setup(1, [], { paused: () => paused });
    await delivery.flush();
    paused = false;
    delivery.stop();
    await delivery.flush();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('send results', () => {
  it('retries network errors, 408, 429 and 5xx only', () => {
    expect([0, 408, 429, 500, 503, 200, 400, 413].map(retryable)).toEqual([true, true, true, true, true, false, false, false]);
  });

  it('reads the valid rejected indexes of a /v1/track answer', () => {
    expect(
      rejectedIndexes(
        {
          accepted: 1,
          rejected: [
            { index: 2, error: 'x' },
            { index: 9, error: 'x' },
            { index: -1, error: 'x' },
          ],
        },
        3,
      ),
    ).toEqual([2]);
    expect(rejectedIndexes({ rejected: [] }, 3)).toBeUndefined();
    expect(rejectedIndexes('not json', 3)).toBeUndefined();
  });
});
