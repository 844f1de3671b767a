import type { Person } from '../messages.js';

/** A flag's value for one person: the variant key of a multivariate flag, true for an enabled boolean flag, false when off. */
export type { FlagValue } from '@northstar/core';

/** Properties that targeting rules read. */
export type FlagUserProperties = Record<string, string | number | boolean | null>;

/** Who a flag is evaluated for (the user id when given, else the device id), and what about them. */
export interface FlagQuery extends Person {
  /**
   * Properties for the flags' targeting rules. The server merges them over the user's stored
   * properties (`null` removes one); local evaluation has only these, and asks the server when a rule
   * names a property missing here. @default {}
   */
  userProperties?: FlagUserProperties;
  /** Never ask the server: a flag local definitions cannot decide is false. @default false */
  onlyLocal?: boolean;
}
