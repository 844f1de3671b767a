// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('without a window (SSR)', () => {
  it('does nothing when imported without a window', async () => {
    expect(typeof window).toBe('undefined');
    const sdk = await import('../src/index.js');
    const tag = await import('../src/script-tag.js');
    await import('../src/cdn.js');
    const instance = sdk.init({ apiKey: 'pk_test', endpoint: 'https://example.com/ns' });
    expect(instance.active).toBe(false);
    expect(() => sdk.track('server side', { a: 1 })).not.toThrow();
    await expect(instance.flush()).resolves.toBeUndefined();
    expect(instance.getDeviceId()).toBeNull();
    expect(() => {
      sdk.identify('user-1', { plan: 'pro' });
      sdk.setUserProperties({ plan: 'pro' });
      sdk.revenue({ amount: 1 });
      sdk.reset();
      sdk.optOut();
      sdk.optIn();
      sdk.grantConsent();
      sdk.revokeConsent();
      sdk.register({ plan: 'pro' });
      sdk.registerOnce({ plan: 'pro' });
      sdk.unregister('plan');
      sdk.group('company', 'acme-inc', { name: 'Acme' });
      sdk.debug();
    }).not.toThrow();
    expect(sdk.hasOptedOut()).toBe(false);
    await expect(sdk.flush()).resolves.toBeUndefined();
    expect([sdk.getDeviceId(), sdk.getUserId(), sdk.getSessionId(), sdk.hasConsent()]).toEqual([null, null, null, false]);
    expect(tag.installGlobal()).toBeUndefined();
    instance.destroy();
  });
});
