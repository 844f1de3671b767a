// @vitest-environment jsdom
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Northstar, Properties, UserProperties } from '@northstar/browser';
import { splitProperties } from '../src/core/properties.js';

// These files are type-checked by `npm run typecheck` (tsconfig.json includes packages/*/test):
// the type of `track()` properties must accept every value the runtime sends, and only those.

interface Cart {
  items: { sku: string; qty: number }[];
  coupon?: string;
}

describe('the Properties type of track()', () => {
  it('accepts nested objects, arrays and dates, which track() sends as their JSON text', () => {
    const cart: Cart = { items: [{ sku: 'a-1', qty: 2 }] };
    const properties = { cart, tags: ['new', 'promo'], matrix: [[1, 2]], at: new Date(0), plan: 'pro', seats: 3, trial: true, none: null };
    expectTypeOf(properties).toExtend<Properties>();
    expect(splitProperties(properties)).toEqual({
      str: {
        cart: '{"items":[{"sku":"a-1","qty":2}]}',
        tags: '["new","promo"]',
        matrix: '[[1,2]]',
        at: '"1970-01-01T00:00:00.000Z"',
        plan: 'pro',
        trial: 'true',
      },
      num: { seats: 3 },
    });
  });

  it('refuses functions and symbols, which have no JSON form', () => {
    expectTypeOf<{ onClick: () => void }>().not.toExtend<Properties>();
    expectTypeOf<{ id: symbol }>().not.toExtend<Properties>();
  });

  it('leaves out a property whose value JSON cannot write, instead of throwing from track()', () => {
    const circular: { self?: unknown } = {};
    circular.self = circular;
    expect(splitProperties({ circular, big: { n: 1n }, plan: 'pro' })).toEqual({ str: { plan: 'pro' }, num: {} });
  });
});

describe('the UserProperties type of identify()', () => {
  it('takes strings, numbers and booleans, and null to remove one; objects are not user properties', () => {
    expectTypeOf<{ plan: string; seats: number; beta: boolean; old: null }>().toExtend<UserProperties>();
    expectTypeOf<{ address: { city: string } }>().not.toExtend<UserProperties>();
  });
});

describe('the properties of register(), registerOnce() and group()', () => {
  it('are the Properties of track()', () => {
    expectTypeOf<Parameters<Northstar['register']>[0]>().toEqualTypeOf<Properties>();
    expectTypeOf<Parameters<Northstar['registerOnce']>[0]>().toEqualTypeOf<Properties>();
    expectTypeOf<Parameters<Northstar['group']>[2]>().toEqualTypeOf<Properties | undefined>();
  });
});
