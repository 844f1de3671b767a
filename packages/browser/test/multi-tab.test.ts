// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Northstar } from '../src/index.js';
import { STALE_AFTER } from '../src/core/adopt.js';
import { installFakeLocks } from './fake-locks.js';
import { delivered, names, requests, server, startClient, storedQueue, useApi } from './msw-api.js';

useApi();
let locks: ReturnType<typeof installFakeLocks> | undefined;
afterEach(() => {
  locks?.uninstall();
  locks = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The server fails until `up()`: tabs keep their events queued and stored meanwhile. */
function serverDown(): { up(): void } {
  let down = true;
  server.use(http.post(/\/v1\/track$/, () => (down ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined)));
  return { up: () => void (down = false) };
}

/** A tab that dies without pagehide or destroy(): the browser releases its locks, its storage stays. */
async function crash(tab: Northstar): Promise<void> {
  const run = tab.run;
  tab.persist();
  run?.delivery.stop();
  for (const teardown of run?.teardowns ?? []) teardown();
  tab.run = undefined;
  await Promise.resolve();
}

/** Each uuid delivered, counted. */
const deliveries = (): number[] => {
  const counts = new Map<string, number>();
  for (const e of delivered({ sessions: true })) counts.set(e.uuid ?? '', (counts.get(e.uuid ?? '') ?? 0) + 1);
  return [...counts.values()];
};

describe('with Web Locks: several tabs, one queue, each event sent once', () => {
  beforeEach(() => {
    locks = installFakeLocks();
  });

  it('a tab takes over the stored queue of a tab that crashed and sends it once', async () => {
    const net = serverDown();
    const crashed = startClient();
    for (const name of ['a', 'b', 'c']) crashed.track(name);
    await crashed.flush();
    await crash(crashed);
    net.up();
    const survivor = startClient();
    await vi.waitFor(() => expect(survivor.run?.queue.items.map((e) => e.event_name)).toContain('a'));
    await survivor.flush();
    expect(names()).toEqual(['a', 'b', 'c']);
    expect(deliveries().every((n) => n === 1)).toBe(true);
  });

  it('never touches the queue of a live tab', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const net = serverDown();
    const owner = startClient();
    owner.track('mine');
    await owner.flush();
    owner.persist();
    const other = startClient();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(other.run?.queue.items).toEqual([]);
    net.up();
    await owner.flush();
    await other.flush();
    expect(names()).toEqual(['mine']);
    expect(deliveries()).toEqual([1, 1]);
  });

  it('two tabs opening at once adopt an orphaned queue only once', async () => {
    const net = serverDown();
    const crashed = startClient();
    for (let i = 0; i < 5; i++) crashed.track(`e${i}`);
    await crashed.flush();
    await crash(crashed);
    net.up();
    const [one, two] = [startClient(), startClient()];
    const adopted = (): string[] => [one, two].flatMap((t) => t.run?.queue.items ?? []).map((e) => e.event_name);
    await vi.waitFor(() => expect(adopted()).toContain('e4'));
    expect(adopted().filter((n) => n.startsWith('e'))).toHaveLength(5);
    expect(storedQueue().filter((e) => e.event_name.startsWith('e'))).toHaveLength(5);
    await Promise.all([one.flush(), two.flush()]);
    expect(names()).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
    expect(deliveries().every((n) => n === 1)).toBe(true);
  });
});

describe('without Web Locks', () => {
  it('adopts a queue its tab released on pagehide at once', async () => {
    const net = serverDown();
    const closing = startClient();
    closing.track('a');
    await closing.flush();
    dispatchEvent(new Event('pagehide'));
    closing.destroy();
    net.up();
    await startClient().flush();
    expect(names()).toEqual(['a']);
  });

  it('leaves a live tab’s queue alone, and adopts one nobody wrote for STALE_AFTER', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const net = serverDown();
    const frozen = startClient();
    frozen.track('a');
    await frozen.flush();
    await crash(frozen);
    const other = startClient();
    expect(other.run?.queue.items).toEqual([]);
    net.up();
    await vi.advanceTimersByTimeAsync(STALE_AFTER + 10_000);
    await other.flush();
    expect(names()).toEqual(['a']);
    expect(requests.filter((r) => r.status === 200)).toHaveLength(1);
  });
});
