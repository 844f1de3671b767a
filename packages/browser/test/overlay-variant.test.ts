// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenVariantAllows } from '../src/overlay/variant.js';
import type { OverlayItem } from '../src/overlay/overlay-item.js';
import { featureFlags } from '../src/index.js';
import { ENDPOINT, server, startClient, useApi } from './msw-api.js';

useApi();

/** How many `/v1/flags/evaluate` requests the mocked server answered. */
let evaluated = 0;
afterEach(() => {
  evaluated = 0;
  sessionStorage.clear();
});

function answerFlags(flags: Record<string, string | boolean>): void {
  server.use(
    http.post(`${ENDPOINT}/v1/flags/evaluate`, () => {
      evaluated++;
      return HttpResponse.json({ flags });
    }),
  );
}

const item = (extra: Partial<OverlayItem>): OverlayItem => ({ id: 1, type: 'banner', name: 'Checkout tip', ...extra });

describe('an overlay item that names a flag, with the featureFlags plugin', () => {
  it('renders once /v1/flags/evaluate answers a value its variants name', async () => {
    answerFlags({ 'new-checkout': 'test' });
    const client = startClient().use(featureFlags);
    const render = vi.fn();
    whenVariantAllows(client, item({ flag_key: 'new-checkout', variants: ['test'] }), render);
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    expect(evaluated).toBeGreaterThanOrEqual(1);
  });

  it('does not render when the value is another variant, or off', async () => {
    answerFlags({ 'new-checkout': 'control', beta: false });
    const client = startClient().use(featureFlags);
    const render = vi.fn();
    // decide said `test`; the SDK's own value wins.
    whenVariantAllows(client, item({ flag_key: 'new-checkout', variants: ['test'], variant: 'test' }), render);
    whenVariantAllows(client, item({ flag_key: 'beta' }), render);
    await client.flags?.resolve('new-checkout');
    await client.flags?.resolve('beta');
    await Promise.resolve();
    expect(render).not.toHaveBeenCalled();
  });

  it("uses decide's variant as the value to match when the item lists no variants", async () => {
    answerFlags({ 'new-checkout': 'test' });
    const client = startClient().use(featureFlags);
    const render = vi.fn();
    whenVariantAllows(client, item({ flag_key: 'new-checkout', variant: 'test' }), render);
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
  });
});

describe('an overlay item without the featureFlags plugin (decide is the fallback)', () => {
  it("renders at once with decide's variant, never without it, and asks /v1/flags/evaluate nothing", () => {
    answerFlags({ 'new-checkout': 'test' });
    const client = startClient();
    const render = vi.fn();
    whenVariantAllows(client, item({ flag_key: 'new-checkout', variant: 'test' }), render);
    expect(render).toHaveBeenCalledTimes(1);
    whenVariantAllows(client, item({ flag_key: 'new-checkout' }), render);
    whenVariantAllows(client, item({}), render);
    expect(render).toHaveBeenCalledTimes(2);
    expect(evaluated).toBe(0);
  });
});
