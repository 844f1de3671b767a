import { z } from 'zod';
import { QUERY_FILTER_OPERATORS } from '@northstar/core';
import { LIMITS } from './limits.js';

/** Most filters in one query. */
export const MAX_QUERY_FILTERS = 20;
/** Groups kept per event when grouping; `group_by.limit` defaults to 10. */
export const MAX_GROUP_LIMIT = 50;
export const DEFAULT_GROUP_LIMIT = 10;

export const FILTER_OPERATORS = QUERY_FILTER_OPERATORS;

const propertyName = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, `${field} must not be empty`)
    .max(LIMITS.maxPropertyKeyLength, `${field} is longer than ${LIMITS.maxPropertyKeyLength} characters`);

const filterProperty = propertyName('filters[].property');
const stringValue = z.string().max(LIMITS.maxStringValueLength);

interface FilterValue {
  op: (typeof FILTER_OPERATORS)[number];
  value?: string | number | undefined;
}

/** `contains` takes a string, `gt`/`lt` a number, `is_set` no value, `eq`/`neq` a string or a number. */
function checkValue(filter: FilterValue, ctx: z.RefinementCtx): void {
  const fail = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['value'] });
  const type = typeof filter.value;
  if (filter.op === 'is_set') {
    if (filter.value !== undefined) fail('filters[].value must be absent with op is_set');
  } else if (filter.op === 'contains') {
    if (type !== 'string') fail('filters[].value must be a string with op contains');
  } else if (filter.op === 'gt' || filter.op === 'lt') {
    if (type !== 'number' || !Number.isFinite(filter.value)) fail(`filters[].value must be a number with op ${filter.op}`);
  } else if (type !== 'string' && !(type === 'number' && Number.isFinite(filter.value))) {
    fail(`filters[].value must be a string or a number with op ${filter.op}`);
  }
}

const operator = z.enum(FILTER_OPERATORS, { error: `filters[].op must be one of ${FILTER_OPERATORS.join(', ')}` });
const anyValue = z.union([stringValue, z.number()]);

/** `{ property, op, value }` on an event: a string value tests `str_properties`, a number `num_properties`. */
export const propertyFilterSchema = z
  .object({ property: filterProperty, op: operator, value: anyValue.optional() }, { error: 'filters[] must be objects' })
  .superRefine(checkValue)
  // Checked above: the filter is one of these shapes, which the stores' `PropertyFilter` names.
  .pipe(
    z.discriminatedUnion('op', [
      z.object({ property: filterProperty, op: z.enum(['eq', 'neq']), value: anyValue }),
      z.object({ property: filterProperty, op: z.literal('contains'), value: stringValue }),
      z.object({ property: filterProperty, op: z.enum(['gt', 'lt']), value: z.number() }),
      z.object({ property: filterProperty, op: z.literal('is_set') }),
    ]),
  );

/** Where a filter of the event query (and of a segment) looks: the event's properties, or its person's user properties. */
export const FILTER_SOURCES = ['event', 'user'] as const;

const source = z
  .enum(FILTER_SOURCES, { error: `filters[].source must be one of ${FILTER_SOURCES.join(', ')}` })
  .optional()
  .meta({ description: "event (default): the event's properties; user: the current user properties of the event's person." });

/**
 * A filter of the event query and of segments: `propertyFilterSchema` plus `source` — `event` (default)
 * tests the event's properties, `user` the current properties of the event's user (`/v1/identify`'s
 * `$set`), reached through the device link for anonymous events; a string value matches a string
 * property, a number a numeric one.
 */
export const queryFilterSchema = z
  .object({ property: filterProperty, op: operator, value: anyValue.optional(), source }, { error: 'filters[] must be objects' })
  .superRefine(checkValue)
  .pipe(
    z.discriminatedUnion('op', [
      z.object({ property: filterProperty, op: z.enum(['eq', 'neq']), value: anyValue, source }),
      z.object({ property: filterProperty, op: z.literal('contains'), value: stringValue, source }),
      z.object({ property: filterProperty, op: z.enum(['gt', 'lt']), value: z.number(), source }),
      z.object({ property: filterProperty, op: z.literal('is_set'), source }),
    ]),
  );

export type QueryFilterBody = z.infer<typeof queryFilterSchema>;

export const groupBySchema = z.object(
  {
    property: propertyName('group_by.property'),
    limit: z
      .int({ error: 'group_by.limit must be an integer' })
      .min(1, 'group_by.limit must be at least 1')
      .max(MAX_GROUP_LIMIT, `group_by.limit must be at most ${MAX_GROUP_LIMIT}`)
      .default(DEFAULT_GROUP_LIMIT),
  },
  { error: 'group_by must be an object' },
);
