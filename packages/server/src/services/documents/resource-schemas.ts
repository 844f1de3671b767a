import { z } from 'zod';
import { pageSchema, resourceSchema, versionField } from '../../schemas/documents/common.js';
import type { JsonObject } from '../../ports/index.js';
import type { DocumentResource } from './document-resource.js';

/** `schema` with `shape` added (and `omit` removed) in every alternative: objects stay objects, unions stay unions. */
export function withFields(schema: z.ZodType, shape: z.ZodRawShape, omit: readonly string[] = []): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const kept = Object.fromEntries(Object.entries(schema.shape).filter(([name]) => !omit.includes(name)));
    return z.object({ ...kept, ...shape });
  }
  if (schema instanceof z.ZodDiscriminatedUnion || schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map((option) => withFields(option, shape, omit));
    return z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  }
  return z.intersection(schema, z.object(shape));
}

/** The request and response schemas of a resource's routes, for validation docs and OpenAPI. */
export function resourceSchemas(resource: DocumentResource) {
  const envelope = resourceSchema({}).shape;
  const response = withFields(resource.schema, { ...envelope, ...resource.responseFields }, resource.writeOnlyFields);
  const created = withFields(response, resource.createdFields ?? {});
  const version = { version: versionField.optional() };
  const examples = (example: JsonObject | undefined, extra: JsonObject = {}) => (example ? { examples: [{ ...example, ...extra }] } : {});
  return {
    response,
    created,
    page: pageSchema(response, z.int().positive()),
    create: resource.schema.meta(examples(resource.example)),
    put: withFields(resource.schema, version).meta(examples(resource.example, { version: 1 })),
    patch: z.object({ ...resource.patchSchema.shape, ...version }).meta(examples(resource.patchExample, { version: 1 })),
  };
}
