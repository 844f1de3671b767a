import { z } from 'zod';

/** Characters of a resource name (the store's column limit for names). */
export const MAX_NAME_LENGTH = 200;
/** Characters of a free-text description. */
export const MAX_DESCRIPTION_LENGTH = 2000;
/** Rows of one list page; `limit` defaults to 50. */
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 50;

/** Fields every resource response carries besides its own; ignored when a client sends them back. */
export const ENVELOPE_FIELDS = ['id', 'project_id', 'version', 'created_at', 'updated_at'] as const;

/** A required, trimmed, non-empty string of at most `max` characters. */
export function requiredText(field: string, max = MAX_NAME_LENGTH) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);
}

/** The display name of a resource. */
export const nameField = requiredText('name');

/** Optional free text; null clears it. */
export const descriptionField = z
  .string({ error: 'description must be a string' })
  .max(MAX_DESCRIPTION_LENGTH, `description must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
  .nullish();

/** A store id: positive integer. */
export const idField = (field: string) => z.int({ error: `${field} must be an integer` }).positive(`${field} must be positive`);

/** The version a client read, sent back on update (or as `If-Match`). */
export const versionField = z
  .int({ error: 'version must be an integer' })
  .positive('version must be positive')
  .meta({ description: 'The version you read; a stale version is answered 409. May be sent as `If-Match: "<version>"` instead.' });

/** `?after=&limit=` of every keyset-paginated list of documents. */
export const pageQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'after must be an integer' })
    .int('after must be an integer')
    .positive('after must be positive')
    .optional()
    .meta({ description: 'The `next` of the previous page; absent for the first page.' }),
  limit: z.coerce
    .number({ error: 'limit must be an integer' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(DEFAULT_PAGE_LIMIT),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `?before=&limit=` of the newest-first event lists (the cursor is opaque). */
export const eventPageQuerySchema = z.object({
  before: z
    .string({ error: 'before must be a string' })
    .min(1, 'before must not be empty')
    .max(300, 'before is not a cursor of this list')
    .optional()
    .meta({ description: 'The `next` of the previous page (opaque); absent for the newest events.' }),
  limit: pageQuerySchema.shape.limit,
});

export type EventPageQuery = z.infer<typeof eventPageQuerySchema>;

/** `{ items, next }`: `next` is passed back as `after` (or `before`) for the following page, null on the last. */
export function pageSchema<T extends z.ZodType, N extends z.ZodType>(item: T, next: N) {
  return z.object({ items: z.array(item), next: next.nullable() });
}

/** The response shape of a document resource: the envelope around the resource's own fields, flat. */
export function resourceSchema<S extends z.ZodRawShape>(shape: S) {
  return z.object({
    id: z.int().positive(),
    project_id: z.int().positive(),
    ...shape,
    version: z.int().positive().meta({ description: 'Incremented on every update; send it back to update.' }),
    created_at: z.string().meta({ description: 'ISO 8601 UTC' }),
    updated_at: z.string().meta({ description: 'ISO 8601 UTC' }),
  });
}
