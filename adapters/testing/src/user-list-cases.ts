import { expect, it } from 'vitest';
import type { TrackedUserPage } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { storedEvent } from './dataset.js';

const ids = (page: TrackedUserPage) => page.items.map((user) => user.user_id);

/** `PersonStore.listUsers`: who counts as a user (events of the adapter's own `eventLog` too), code-point order, keyset pages. */
export function userListCases({ ports }: ConformanceContext): void {
  it('lists the users with events, properties or linked devices once each, with their properties', async () => {
    const { eventLog, people } = ports();
    await eventLog.appendEvents([
      storedEvent(1, { user_id: 'ann' }),
      storedEvent(2, { user_id: 'ann' }),
      storedEvent(3, { device_id: 'anonymous-only' }),
      storedEvent(4, { user_id: 'other-project', project_id: 2 }),
    ]);
    await people.setUserProperties(1, 'ann', { plan: 'pro', seats: 3, beta: true });
    await people.setUserProperties(1, 'props-only', { plan: 'free' });
    await people.linkDevice(1, 'dev-x', 'link-only');
    await people.linkDevice(1, 'dev-y', 'ann');
    await people.setUserProperties(2, 'elsewhere', { plan: 'free' });
    expect(await people.listUsers({ projectId: 1 })).toEqual({
      items: [
        { user_id: 'ann', properties: { plan: 'pro', seats: 3, beta: true } },
        { user_id: 'link-only', properties: {} },
        { user_id: 'props-only', properties: { plan: 'free' } },
      ],
      next: null,
    });
    expect(await people.listUsers({ projectId: 3 })).toEqual({ items: [], next: null });
  });

  it('orders users by code point (not UTF-16 unit) and pages with `after`', async () => {
    const { eventLog, people } = ports();
    // code points: B 0x42 < a 0x61 < é 0xE9 < ｚ 0xFF5A < 𝔘 0x1D518 < 😀 0x1F600 (UTF-16 would put 𝔘 and 😀 before ｚ)
    const userIds = ['😀', 'a', 'ｚ', 'B', '𝔘', 'é'];
    await eventLog.appendEvents(userIds.map((id, n) => storedEvent(n + 1, { user_id: id })));
    const first = await people.listUsers({ projectId: 1, limit: 2 });
    expect(first).toMatchObject({ next: 'a' });
    expect(ids(first)).toEqual(['B', 'a']);
    const second = await people.listUsers({ projectId: 1, limit: 2, after: 'a' });
    expect(ids(second)).toEqual(['é', 'ｚ']);
    const third = await people.listUsers({ projectId: 1, limit: 2, after: 'ｚ' });
    expect(ids(third)).toEqual(['𝔘', '😀']);
    expect(third.next).toBeNull();
    expect(await people.listUsers({ projectId: 1, after: '😀' })).toEqual({ items: [], next: null });
    // a cursor needs not be a user: the page starts after it
    expect(ids(await people.listUsers({ projectId: 1, after: 'b' }))).toEqual(['é', 'ｚ', '𝔘', '😀']);
  });

  it('walks every user exactly once through pages of one, across the three sources', async () => {
    const { eventLog, people } = ports();
    await eventLog.appendEvents([storedEvent(1, { user_id: 'u3' }), storedEvent(2, { user_id: 'u1' })]);
    await people.linkDevice(1, 'd', 'u2');
    await people.setUserProperties(1, 'u4', { x: 'y' });
    await people.setUserProperties(1, 'u1', { x: 'z' });
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await people.listUsers({ projectId: 1, limit: 1, ...(after === undefined ? {} : { after }) });
      seen.push(...ids(page));
      if (page.next === null) break;
      after = page.next;
    }
    expect(seen).toEqual(['u1', 'u2', 'u3', 'u4']);
  });

  it('clamps the page size to 1–1000', async () => {
    const { eventLog, people } = ports();
    await eventLog.appendEvents([storedEvent(1, { user_id: 'a' }), storedEvent(2, { user_id: 'b' })]);
    expect(await people.listUsers({ projectId: 1, limit: 0 })).toEqual({ items: [{ user_id: 'a', properties: {} }], next: 'a' });
  });
}
