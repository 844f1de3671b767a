// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, names, requests, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => vi.restoreAllMocks());

/** What the browser does in every other tab of the site after one tab wrote `key`. */
const fromOtherTab = (name: string): void => {
  const key = `ns_${API_KEY}_${name}`;
  dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
};

describe('other open tabs follow at once', () => {
  it('identify() and reset() in one tab change the user of the others', async () => {
    const [one, other] = [startClient(), startClient()];
    one.identify('user-42', { plan: 'pro' });
    fromOtherTab('ids');
    expect(other.getUserId()).toBe('user-42');
    other.track('x');
    await other.flush();
    expect(requests.flatMap((r) => r.body.batch).find((e) => e.event_name === 'x')).toMatchObject({
      user_id: 'user-42',
      str_properties: { '$user.plan': 'pro' },
    });
    one.reset();
    fromOtherTab('ids');
    expect(other.getUserId()).toBeNull();
    expect(other.getDeviceId()).toBe(one.getDeviceId());
  });

  it('optOut() in one tab stops the others and drops their queue; optIn() resumes them', async () => {
    const [one, other] = [startClient(), startClient()];
    other.track('queued');
    one.optOut();
    fromOtherTab('optout');
    other.track('ignored');
    await other.flush();
    expect(requests).toHaveLength(0);
    one.optIn();
    fromOtherTab('optout');
    other.track('back');
    await other.flush();
    expect(names()).toEqual(['back']);
  });

  it('revokeConsent() in one tab de-initialises the others, which write nothing after', () => {
    const [one, other] = [startClient(), startClient()];
    other.track('a');
    one.revokeConsent();
    fromOtherTab('ids');
    expect(other.active).toBe(false);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('ns_'))).toEqual([]);
  });
});
