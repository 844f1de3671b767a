import type { Person, Properties } from './messages.js';

export type RevenueType = 'one_time' | 'subscription' | 'refund';

/** Argument of `revenue()`: a `$revenue` event, with the same properties as the browser SDK's. */
export interface RevenueMessage extends Person {
  /** Amount in the currency's major unit (9.99); must be a finite number. A refund is stored negative. */
  amount: number;
  /** ISO 4217 code, three letters; upper-cased. @default undefined */
  currency?: string;
  productId?: string;
  /** @default 'one_time' */
  revenueType?: RevenueType;
  /** More properties of the `$revenue` event. */
  properties?: Properties;
  /** @default the time of the call */
  timestamp?: Date | string | number;
}

const TYPES: readonly RevenueType[] = ['one_time', 'subscription', 'refund'];

/**
 * The properties of a `$revenue` event; undefined when `amount` is not a finite number, `revenueType`
 * is unknown, `currency` is not three letters or `productId` is not a string.
 */
export function revenueProperties(r: RevenueMessage): Properties | undefined {
  const { amount, currency, productId, revenueType = 'one_time' } = r;
  if (
    !Number.isFinite(amount) ||
    !TYPES.includes(revenueType) ||
    (currency !== undefined && !/^[a-z]{3}$/i.test(currency)) ||
    (productId !== undefined && typeof productId !== 'string')
  )
    return undefined;
  return {
    ...r.properties,
    $revenue: revenueType === 'refund' ? -Math.abs(amount) : amount,
    $revenue_type: revenueType,
    $currency: currency?.toUpperCase(),
    $product_id: productId,
  };
}
