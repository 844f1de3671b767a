import { describe, expect, it, vi } from 'vitest';
import { flushIo, ioUntil } from './support/webhook-harness.js';
import type { DeliveryServer, Receiver } from './support/webhook-harness.js';
import { createWebhook, deliverySuite, dispatch } from './support/webhook-suite.js';

// Spec 6.1 rule 6 on a fake clock: only setTimeout and Date are faked, so real sockets and setImmediate run.
const { receiver, start } = deliverySuite();

describe('webhook delivery retries (spec 6.1, fake clock)', () => {
  /** Starts the server, then fakes the clock: dispatches one event to a receiver answering `respond`. */
  async function retrying(respond: Receiver['respond']) {
    const hook = await receiver(respond);
    const api = await start();
    const { id } = await createWebhook(api, `${hook.url}/hook`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await dispatch(api);
    return { hook, api, id };
  }

  /** Waits for the n-th request and for its attempt to be logged, without moving the clock. */
  async function attemptLogged(api: DeliveryServer, id: number, hook: Receiver, n: number): Promise<void> {
    await ioUntil(() => hook.received.length >= n, `request ${n}`);
    await ioUntil(
      async () => (await api.deliveries(id))[0]?.data.attempts instanceof Array && ((await api.deliveries(id))[0]!.data.attempts as unknown[]).length >= n,
      `attempt ${n} logged`,
    );
    await flushIo();
  }

  it('retries 5xx at +1 s, +5 s and +30 s, four attempts in all, with the same X-Webhook-Id', async () => {
    const { hook, api, id } = await retrying(() => ({ status: 503 }));
    await attemptLogged(api, id, hook, 1);
    for (const [n, delay] of [
      [2, 1_000],
      [3, 5_000],
      [4, 30_000],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      await flushIo();
      expect(hook.received, `no attempt ${n} before ${delay} ms`).toHaveLength(n - 1);
      await vi.advanceTimersByTimeAsync(2);
      await attemptLogged(api, id, hook, n);
      const gap = hook.received[n - 1]!.at - hook.received[n - 2]!.at;
      expect(gap).toBeGreaterThanOrEqual(delay);
      expect(gap).toBeLessThan(delay + 5);
    }
    await vi.advanceTimersByTimeAsync(120_000);
    await flushIo();
    expect(hook.received).toHaveLength(4);
    expect(new Set(hook.received.map((got) => got.headers['x-webhook-id'])).size).toBe(1);
    const [delivery] = await api.deliveries(id);
    expect(delivery!.data).toMatchObject({
      status: 'failed',
      attempts: [
        { attempt: 1, status: 503, error: 'HTTP 503', next_attempt_in_ms: 1_000 },
        { attempt: 2, status: 503, next_attempt_in_ms: 5_000 },
        { attempt: 3, status: 503, next_attempt_in_ms: 30_000 },
        { attempt: 4, status: 503, next_attempt_in_ms: null },
      ],
    });
  });

  it.each([429, 500, 502])('retries %i, and stops at the first success', async (status) => {
    const { hook, api, id } = await retrying((n) => ({ status: n === 0 ? status : 204 }));
    await attemptLogged(api, id, hook, 1);
    await vi.advanceTimersByTimeAsync(1_001);
    await attemptLogged(api, id, hook, 2);
    await vi.advanceTimersByTimeAsync(60_000);
    await flushIo();
    expect(hook.received).toHaveLength(2);
    expect((await api.deliveries(id))[0]!.data.status).toBe('succeeded');
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry %i', async (status) => {
    const { hook, api, id } = await retrying(() => ({ status }));
    await attemptLogged(api, id, hook, 1);
    await vi.advanceTimersByTimeAsync(60_000);
    await flushIo();
    expect(hook.received).toHaveLength(1);
    expect((await api.deliveries(id))[0]!.data).toMatchObject({
      status: 'failed',
      attempts: [{ status, error: `HTTP ${status}`, next_attempt_in_ms: null }],
    });
  });

  it('retries a transport error (nothing listening), logging no status', async () => {
    const gone = await receiver();
    const api = await start();
    const { id } = await createWebhook(api, `${gone.url}/hook`);
    await gone.close();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await dispatch(api);
    await ioUntil(async () => ((await api.deliveries(id))[0]?.data.attempts as unknown[] | undefined)?.length === 1, 'attempt 1');
    const [delivery] = await api.deliveries(id);
    expect(delivery!.data).toMatchObject({
      status: 'retrying',
      attempts: [{ status: null, error: expect.stringContaining('ECONNREFUSED'), next_attempt_in_ms: 1_000 }],
    });
  });
});
