import type { z } from 'zod';

/**
 * Applies a patch to a document's stored `data` and validates the result as a whole: top-level fields of
 * `patch` replace those of `current` (objects and arrays are replaced, not merged) and a `null` removes
 * the field, as in a JSON merge patch one level deep. Returns the schema's verdict on the merged data,
 * so cross-field rules (variant weights, type-specific fields) hold after every update.
 */
export function patchDocumentData<T extends z.ZodType>(
  schema: T,
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): z.ZodSafeParseResult<z.output<T>> {
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  return schema.safeParse(merged);
}
