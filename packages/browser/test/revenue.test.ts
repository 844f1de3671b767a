// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { delivered, startClient, useApi } from './msw-api.js';
import type { Revenue } from '../src/index.js';

useApi();
afterEach(() => vi.restoreAllMocks());

const revenueEvents = () => delivered().filter((e) => e.event_name === '$revenue');

describe('revenue()', () => {
  it('tracks $revenue with amount, currency, product id and type', async () => {
    const client = startClient();
    client.revenue({ amount: 49.9, currency: 'eur', productId: 'pro-plan', revenueType: 'subscription', properties: { coupon: 'SPRING' } });
    await client.flush();
    const [event] = revenueEvents();
    expect(event?.num_properties).toMatchObject({ $revenue: 49.9 });
    expect(event?.str_properties).toMatchObject({ $currency: 'EUR', $product_id: 'pro-plan', $revenue_type: 'subscription', coupon: 'SPRING' });
  });

  it('defaults the type to one_time and leaves out what was not given', async () => {
    const client = startClient();
    client.revenue({ amount: 5 });
    await client.flush();
    const [event] = revenueEvents();
    expect(event?.str_properties?.$revenue_type).toBe('one_time');
    expect(event?.str_properties).not.toHaveProperty('$currency');
    expect(event?.str_properties).not.toHaveProperty('$product_id');
  });

  it('stores a refund as a negative amount, so sums net out', async () => {
    const client = startClient();
    client.revenue({ amount: 20, revenueType: 'refund' });
    client.revenue({ amount: -20, revenueType: 'refund' });
    await client.flush();
    expect(revenueEvents().map((e) => e.num_properties?.$revenue)).toEqual([-20, -20]);
  });

  it.each([
    ['a string amount', { amount: '10' }],
    ['NaN', { amount: Number.NaN }],
    ['Infinity', { amount: Number.POSITIVE_INFINITY }],
    ['no amount', {}],
    ['an unknown type', { amount: 1, revenueType: 'lifetime' }],
    ['a currency that is not 3 letters', { amount: 1, currency: 'euro' }],
  ])('drops the call with %s, with a debug warning', async (_, input) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = startClient({ debug: true });
    client.revenue(input as unknown as Revenue);
    client.track('x');
    await client.flush();
    expect(revenueEvents()).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith('[Sdk]', expect.stringContaining('revenue() dropped'), input);
  });
});
