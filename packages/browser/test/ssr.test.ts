// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('without a window (SSR)', () => {
  it('does nothing when imported without a window', async () => {
    expect(typeof window).toBe('undefined');
    const sdk = await import('../src/index.js');
    const tag = await import('../src/script-tag.js');
    await import('../src/snippet.js');
    const instance = sdk.init({ apiKey: 'pk_test', endpoint: 'https://example.com/ns' });
    expect(instance.active).toBe(false);
    expect(() => sdk.track('server side', { a: 1 })).not.toThrow();
    await expect(instance.flush()).resolves.toBeUndefined();
    expect(instance.getDeviceId()).toBeNull();
    expect(tag.installGlobal()).toBeUndefined();
    instance.destroy();
  });
});
