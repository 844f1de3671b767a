import { z } from 'zod';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { keyText, optionalText } from './document-fields.js';
import { flagTargetingSchema } from './targeting.js';

/** One variant of a multivariate flag: `weight` is its share of the people in the rollout, in percent. */
export const flagVariantSchema = z.object(
  {
    key: keyText('variants[].key'),
    weight: z.int({ error: 'variants[].weight must be an integer' }).min(0, 'variants[].weight must be 0-100').max(100, 'variants[].weight must be 0-100'),
  },
  { error: 'variants[] must be objects { key, weight }' },
);

export type FlagVariant = z.infer<typeof flagVariantSchema>;

const variantList = z
  .array(flagVariantSchema, { error: 'variants must be an array' })
  .max(DOCUMENT_LIMITS.maxVariants, `variants holds more than ${DOCUMENT_LIMITS.maxVariants} variants`);

/** Every field of a flag, none defaulted (the patch form makes each optional). */
const flagFields = {
  key: keyText('key').meta({ description: 'Unique per project; also the document key. Case matters.' }),
  name: optionalText('name', DOCUMENT_LIMITS.maxNameLength),
  description: optionalText('description', DOCUMENT_LIMITS.maxLongTextLength),
  active: z.boolean({ error: 'active must be a boolean' }).meta({ description: 'An inactive flag evaluates to false for everyone.' }),
  rollout_percentage: z
    .number({ error: 'rollout_percentage must be a number' })
    .min(0, 'rollout_percentage must be 0-100')
    .max(100, 'rollout_percentage must be 0-100')
    .meta({ description: 'Share of the matching people for whom the flag is on (bucket < rollout_percentage / 100).' }),
  variants: variantList.meta({ description: 'Empty: a boolean flag. Otherwise weights (integers) sum to 100 and keys are unique.' }),
  targeting: flagTargetingSchema,
};

function checkVariants(flag: { variants?: FlagVariant[] | undefined }, ctx: z.RefinementCtx): void {
  const variants = flag.variants ?? [];
  if (variants.length === 0) return;
  const sum = variants.reduce((total, variant) => total + variant.weight, 0);
  if (sum !== 100) ctx.addIssue({ code: 'custom', path: ['variants'], message: `variants[].weight must sum to 100 (they sum to ${sum})` });
  if (new Set(variants.map((variant) => variant.key)).size !== variants.length) {
    ctx.addIssue({ code: 'custom', path: ['variants'], message: 'variants[].key must be unique' });
  }
}

/**
 * The `data` of a `flag` document (ConfigStore kind `flag`, document key = `key`), and the body that
 * creates one: `active` @default false, `rollout_percentage` @default 100, `variants` @default [] (a
 * boolean flag), `targeting` @default {} (everyone). Evaluation: docs/ingestion-endpoints.md.
 */
export const flagDataSchema = z
  .object({
    ...flagFields,
    active: flagFields.active.default(false),
    rollout_percentage: flagFields.rollout_percentage.default(100),
    variants: flagFields.variants.default([]),
    targeting: flagFields.targeting.default({}),
  })
  .superRefine(checkVariants);

/** Body creating a flag; the same as the stored data. */
export const flagCreateSchema = flagDataSchema;

/**
 * Body updating a flag: any subset of the fields (`null` clears `name` or `description`). Apply it with
 * `patchDocumentData(flagDataSchema, current, patch)`, which validates the merged whole.
 */
export const flagPatchSchema = z
  .object({
    ...flagFields,
    name: flagFields.name.nullable(),
    description: flagFields.description.nullable(),
  })
  .partial()
  .superRefine(checkVariants);

export type FlagData = z.infer<typeof flagDataSchema>;
export type FlagCreate = z.input<typeof flagCreateSchema>;
export type FlagPatch = z.infer<typeof flagPatchSchema>;
