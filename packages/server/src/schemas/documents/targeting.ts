import { z } from 'zod';
import { QUERY_FILTER_OPERATORS } from '@northstar/core';
import { LIMITS } from '../limits.js';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { keyText } from './document-fields.js';

/**
 * A rule on the person's user properties, with the operators of query filters: `eq`/`neq` with a string
 * (compared as text) or a number (compared numerically, numeric strings included); `contains` (case-
 * sensitive substring, string value); `gt`/`lt` (number value; the property must be numeric); `is_set`
 * (no value). `neq` also matches a person without the property. All rules of a list must match.
 */
export const userPropertyRuleSchema = z
  .object(
    {
      property: z.string({ error: 'targeting.user_properties[].property must be a string' }).min(1).max(LIMITS.maxPropertyKeyLength),
      op: z.enum(QUERY_FILTER_OPERATORS, { error: `targeting.user_properties[].op must be one of ${QUERY_FILTER_OPERATORS.join(', ')}` }),
      value: z.union([z.string().max(LIMITS.maxStringValueLength), z.number()]).optional(),
    },
    { error: 'targeting.user_properties[] must be objects' },
  )
  .superRefine((rule, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['value'] });
    const type = typeof rule.value;
    if (rule.op === 'is_set') {
      if (rule.value !== undefined) fail('targeting.user_properties[].value must be absent with op is_set');
    } else if (rule.op === 'contains') {
      if (type !== 'string') fail('targeting.user_properties[].value must be a string with op contains');
    } else if (rule.op === 'gt' || rule.op === 'lt') {
      if (type !== 'number' || !Number.isFinite(rule.value)) fail(`targeting.user_properties[].value must be a number with op ${rule.op}`);
    } else if (type !== 'string' && !(type === 'number' && Number.isFinite(rule.value))) {
      fail(`targeting.user_properties[].value must be a string or a number with op ${rule.op}`);
    }
  });

export type UserPropertyRule = z.infer<typeof userPropertyRuleSchema>;

const userPropertyRules = z
  .array(userPropertyRuleSchema, { error: 'targeting.user_properties must be an array' })
  .max(DOCUMENT_LIMITS.maxRules, `targeting.user_properties holds more than ${DOCUMENT_LIMITS.maxRules} rules`);

/** How a page URL is matched: the whole URL (`exact`), a substring (`contains`) or a prefix (`starts_with`). No regular expressions. */
export const URL_MATCH_OPERATORS = ['exact', 'contains', 'starts_with'] as const;

export const urlRuleSchema = z.object(
  {
    op: z.enum(URL_MATCH_OPERATORS, { error: `targeting.url.op must be one of ${URL_MATCH_OPERATORS.join(', ')}` }),
    value: z.string({ error: 'targeting.url.value must be a string' }).min(1).max(DOCUMENT_LIMITS.maxUrlLength),
  },
  { error: 'targeting.url must be an object { op, value }' },
);

export type UrlRule = z.infer<typeof urlRuleSchema>;

/** Who a flag applies to: every rule must match the person's user properties. @default {} (everyone) */
export const flagTargetingSchema = z.object({ user_properties: userPropertyRules.optional() }, { error: 'targeting must be an object' });

/** Where and to whom a guide or survey is shown; an absent part matches everything. */
export const placementTargetingSchema = z.object(
  { url: urlRuleSchema.optional(), user_properties: userPropertyRules.optional() },
  { error: 'targeting must be an object' },
);

export type FlagTargeting = z.infer<typeof flagTargetingSchema>;
export type PlacementTargeting = z.infer<typeof placementTargetingSchema>;

/**
 * A guide's or survey's link to a feature flag: shown only to people for whom `flag_key` evaluates to
 * one of `variants` (or, without `variants`, to anything but `false`).
 */
export const flagReferenceFields = {
  flag_key: keyText('flag_key').optional(),
  variants: z
    .array(keyText('variants[]'), { error: 'variants must be an array of variant keys' })
    .max(DOCUMENT_LIMITS.maxVariants, `variants holds more than ${DOCUMENT_LIMITS.maxVariants} keys`)
    .optional(),
};

/** Refinement: `variants` needs `flag_key`. */
export function checkFlagReference(data: { flag_key?: string | undefined; variants?: string[] | undefined }, ctx: z.RefinementCtx): void {
  if (data.variants && data.variants.length > 0 && data.flag_key === undefined) {
    ctx.addIssue({ code: 'custom', path: ['variants'], message: 'variants needs flag_key' });
  }
}
