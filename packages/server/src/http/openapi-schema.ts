import { z } from 'zod';

type JsonObject = Record<string, unknown>;

/** Turns zod schemas into OpenAPI schema objects, sharing the `$defs` zod emits (recursive types). */
export interface SchemaConverter {
  convert(type: z.ZodType, io: 'input' | 'output'): JsonObject;
  /** The lifted definitions, for `components.schemas`. */
  components(): Record<string, JsonObject>;
}

const LOCAL_REF = '#/$defs/';

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(LOCAL_REF)) {
        return [key, `#/components/schemas/${names.get(item.slice(LOCAL_REF.length)) ?? ''}`];
      }
      return [key, rewriteRefs(item, names)];
    }),
  );
}

/**
 * `z.toJSONSchema` puts the definitions of recursive types in the schema's own `$defs` and points at
 * them with `#/$defs/...`, which in an OpenAPI document would address the document root. They are
 * moved to `components.schemas` (identical definitions once) and the pointers rewritten.
 */
export function createSchemaConverter(): SchemaConverter {
  const components: Record<string, JsonObject> = {};
  const byContent = new Map<string, string>();
  return {
    convert(type, io) {
      const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonObject;
      if (typeof $defs !== 'object' || $defs === null) return rest;
      const defs = Object.entries($defs as Record<string, JsonObject>);
      const content = JSON.stringify(defs);
      const names = new Map<string, string>();
      const known = byContent.get(content);
      defs.forEach(([local], index) => names.set(local, known ? `${known}_${index}` : `Schema${byContent.size + 1}_${index}`));
      if (!known) {
        byContent.set(content, `Schema${byContent.size + 1}`);
        for (const [local, def] of defs) components[names.get(local) ?? local] = rewriteRefs(def, names) as JsonObject;
      }
      return rewriteRefs(rest, names) as JsonObject;
    },
    components: () => components,
  };
}
