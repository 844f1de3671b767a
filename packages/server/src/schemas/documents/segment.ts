import { z } from 'zod';
import { MAX_QUERY_FILTERS, queryFilterSchema } from '../event-query-filters.js';
import { descriptionField, nameField } from './common.js';

/** The fields of a segment: a named set of property filters, as in the event query (all must match). */
export const segmentFields = z.object({
  name: nameField,
  description: descriptionField,
  filters: z
    .array(queryFilterSchema, { error: 'filters must be an array' })
    .min(1, 'filters must hold at least one filter')
    .max(MAX_QUERY_FILTERS, `filters holds more than ${MAX_QUERY_FILTERS} filters`),
});

export const segmentSchema = segmentFields;

export type SegmentData = z.infer<typeof segmentSchema>;
