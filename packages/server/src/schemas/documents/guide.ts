import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { DOCUMENT_LIMITS } from './document-limits.js';
import { keyText, linkUrl, optionalText, requiredText, statusField } from './document-fields.js';
import { checkFlagReference, flagReferenceFields, placementTargetingSchema } from './targeting.js';

/** Guide types of spec 6.3. */
export const GUIDE_TYPES = ['tooltip', 'banner', 'modal', 'slideout', 'multi_step_tour', 'checklist'] as const;
export type GuideType = (typeof GUIDE_TYPES)[number];

const { maxNameLength, maxShortTextLength, maxLongTextLength, maxSelectorLength, maxItems } = DOCUMENT_LIMITS;

const selector = (field: string) => requiredText(field, maxSelectorLength).meta({ description: 'CSS selector of the element the guide points at.' });

const tourStepSchema = z.object(
  {
    title: optionalText('steps[].title', maxShortTextLength),
    body: requiredText('steps[].body', maxLongTextLength),
    selector: selector('steps[].selector').optional(),
  },
  { error: 'steps[] must be objects { title?, body, selector? }' },
);

const checklistItemSchema = z.object(
  {
    key: keyText('items[].key'),
    title: requiredText('items[].title', maxShortTextLength),
    description: optionalText('items[].description', maxLongTextLength),
    url: linkUrl('items[].url').optional(),
    event: requiredText('items[].event', LIMITS.maxEventNameLength)
      .optional()
      .meta({ description: 'The event that completes the item: when the browser tracks it, or when decide finds the person did.' }),
  },
  { error: 'items[] must be objects { key, title, description?, url?, event? }' },
);

/** Fields every guide has, none defaulted. */
const commonFields = {
  name: requiredText('name', maxNameLength),
  status: statusField(),
  targeting: placementTargetingSchema,
  ...flagReferenceFields,
  title: optionalText('title', maxShortTextLength),
  body: optionalText('body', maxLongTextLength),
  button_text: optionalText('button_text', maxShortTextLength),
  button_url: linkUrl('button_url').optional(),
};

/** Fields of particular types, none defaulted. */
const typeFields = {
  selector: selector('selector'),
  placement: z.enum(['top', 'bottom', 'left', 'right'], { error: 'placement must be top, bottom, left or right' }),
  position: z.enum(['top', 'bottom'], { error: 'position must be top or bottom' }),
  side: z.enum(['left', 'right'], { error: 'side must be left or right' }),
  steps: z
    .array(tourStepSchema, { error: 'steps must be an array' })
    .min(1, 'steps must hold at least one step')
    .max(maxItems, `steps holds more than ${maxItems} steps`),
  items: z
    .array(checklistItemSchema, { error: 'items must be an array' })
    .min(1, 'items must hold at least one item')
    .max(maxItems, `items holds more than ${maxItems} items`)
    .refine((items) => new Set(items.map((item) => item.key)).size === items.length, 'items[].key must be unique'),
};

const withDefaults = { ...commonFields, status: commonFields.status.default('draft'), targeting: commonFields.targeting.default({}) };
const body = requiredText('body', maxLongTextLength);

/**
 * The `data` of a `guide` document, and the body creating one: one object per `type`. `status`
 * @default 'draft'; `targeting` @default {}; `placement` @default 'bottom'; `position` @default 'top';
 * `side` @default 'right'. Fields of another type are dropped.
 */
export const guideDataSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...withDefaults, type: z.literal('tooltip'), body, selector: typeFields.selector, placement: typeFields.placement.default('bottom') }),
      z.object({ ...withDefaults, type: z.literal('banner'), body, position: typeFields.position.default('top') }),
      z.object({ ...withDefaults, type: z.literal('modal'), body }),
      z.object({ ...withDefaults, type: z.literal('slideout'), body, side: typeFields.side.default('right') }),
      z.object({ ...withDefaults, type: z.literal('multi_step_tour'), steps: typeFields.steps }),
      z.object({ ...withDefaults, type: z.literal('checklist'), items: typeFields.items }),
    ],
    { error: `type must be one of ${GUIDE_TYPES.join(', ')}` },
  )
  .superRefine(checkFlagReference);

export const guideCreateSchema = guideDataSchema;

/**
 * Body updating a guide: any subset of the fields of any type (`null` clears an optional one). Apply it
 * with `patchDocumentData(guideDataSchema, current, patch)`, which validates the merged whole.
 */
export const guidePatchSchema = z
  .object({
    type: z.enum(GUIDE_TYPES, { error: `type must be one of ${GUIDE_TYPES.join(', ')}` }),
    ...commonFields,
    ...typeFields,
    body: commonFields.body.nullable(),
    title: commonFields.title.nullable(),
    button_text: commonFields.button_text.nullable(),
    button_url: commonFields.button_url.nullable(),
    flag_key: commonFields.flag_key.nullable(),
    variants: commonFields.variants.nullable(),
    targeting: commonFields.targeting.nullable(),
  })
  .partial();

export type GuideData = z.infer<typeof guideDataSchema>;
export type GuideCreate = z.input<typeof guideCreateSchema>;
export type GuidePatch = z.infer<typeof guidePatchSchema>;
