import type { Properties } from './properties.js';

export type RevenueType = 'one_time' | 'subscription' | 'refund';

/** Argument of `revenue()`. */
export interface Revenue {
  /** Amount in the currency's major unit (9.99); must be a finite number. A refund is stored negative. */
  amount: number;
  /** ISO 4217 code, three letters; upper-cased. @default undefined */
  currency?: string;
  productId?: string;
  /** @default 'one_time' */
  revenueType?: RevenueType;
  /** More properties of the `$revenue` event. */
  properties?: Properties;
}

const TYPES: RevenueType[] = ['one_time', 'subscription', 'refund'];

/**
 * The properties of a `$revenue` event; undefined when `amount` is not a finite number, `revenueType`
 * is unknown, `currency` is not three letters or `productId` is not a string.
 */
export function revenueProperties(r: Revenue | undefined): Properties | undefined {
  const { amount, currency, productId, revenueType = 'one_time' } = r ?? ({} as Revenue);
  if (
    // Number.isFinite is false for anything but a finite number (no coercion).
    !Number.isFinite(amount) ||
    !TYPES.includes(revenueType) ||
    (currency !== undefined && !/^[a-z]{3}$/i.test(currency)) ||
    (productId !== undefined && typeof productId !== 'string')
  )
    return undefined;
  return {
    ...r?.properties,
    $revenue: revenueType === 'refund' ? -Math.abs(amount) : amount,
    $revenue_type: revenueType,
    $currency: currency?.toUpperCase(),
    $product_id: productId,
  };
}
