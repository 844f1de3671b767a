import type { QueryFilterOperator } from '../query.js';

/** A flag's value for one person: the variant key of a multivariate flag, else `true`; `false` when off. */
export type FlagValue = string | boolean;

/** One variant of a multivariate flag: `weight` is its share of the people in the rollout, in percent (an integer). */
export interface FlagVariant {
  key: string;
  weight: number;
}

/**
 * A rule on a person's user properties, with the operators of query filters: `eq`/`neq` with a string
 * (compared as text) or a number (compared numerically, numeric strings included); `contains`
 * (case-sensitive substring); `gt`/`lt` (numeric); `is_set` (no value).
 */
export interface UserPropertyRule {
  property: string;
  op: QueryFilterOperator;
  value?: string | number | undefined;
}

/** Who a flag applies to: every rule must match. Absent: everyone. */
export interface FlagTargeting {
  user_properties?: UserPropertyRule[] | undefined;
}

/**
 * A feature flag as stored and as `GET /v1/projects/:projectId/flags` lists it (without the envelope
 * fields): what `evaluateFlag` needs to answer locally. The server validates it on write: variant
 * weights are integers 0-100 summing to 100, variant keys unique.
 */
export interface FlagDefinition {
  key: string;
  name?: string | undefined;
  description?: string | undefined;
  /** An inactive flag is `false` for everyone. */
  active: boolean;
  /** Share (0-100) of the matching people for whom the flag is on. */
  rollout_percentage: number;
  /** Empty: a boolean flag. */
  variants: FlagVariant[];
  targeting: FlagTargeting;
}

/** A stored flag as the application API answers it: the definition in the document envelope. */
export interface FlagResource extends FlagDefinition {
  id: number;
  project_id: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A page of `GET /v1/projects/:projectId/flags` (secret key, `read` scope); pass `next` as `?after=`. */
export interface FlagListPage {
  items: FlagResource[];
  next: number | null;
}

/** A person's user properties as targeting reads them. */
export type PersonProperties = Record<string, string | number | boolean>;

/** The person a flag is evaluated for: bucketed by `id` (the user id when known, else the device id). */
export interface FlagPerson {
  id: string;
  properties: PersonProperties;
}

/**
 * Body of `POST /v1/flags/evaluate` (SDK key): `key` and/or `keys` (≤ 100; neither: every active
 * flag) for the person named by `user_id` (bucketed by it, its stored properties used) or `device_id`.
 */
export interface FlagsEvaluateRequest {
  key?: string;
  keys?: string[];
  user_id?: string | null;
  device_id?: string | null;
  /** Merged over the stored user properties for this evaluation only; `null` removes one. */
  user_properties?: Record<string, string | number | boolean | null>;
  /** The SDK key, for clients that cannot set headers. */
  api_key?: string;
}

/** Answer of `POST /v1/flags/evaluate`: every named key (unknown or inactive: `false`). */
export interface FlagsEvaluateResponse {
  flags: Record<string, FlagValue>;
}
