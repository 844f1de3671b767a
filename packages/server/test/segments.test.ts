import { describe } from 'vitest';
import { itBehavesAsADocumentResource } from './support/document-crud.js';

describe('segments', () => {
  itBehavesAsADocumentResource({
    segment: 'segments',
    kind: 'segment',
    valid: (n) => ({ name: `Segment ${n}`, filters: [{ property: 'plan', op: 'eq', value: 'pro' }] }),
    patch: {
      body: {
        filters: [
          { property: 'seats', op: 'gt', value: 5 },
          { property: 'country', op: 'is_set' },
        ],
      },
      expect: {
        name: 'Segment 1',
        filters: [
          { property: 'seats', op: 'gt', value: 5 },
          { property: 'country', op: 'is_set' },
        ],
      },
    },
    invalid: [
      { body: { filters: [{ property: 'plan', op: 'eq', value: 'pro' }] }, error: 'name is required' },
      { body: { name: 'x', filters: [] }, error: 'filters must hold at least one filter' },
      { body: { name: 'x', filters: [{ property: 'plan', op: 'like', value: 'p' }] }, error: 'filters[].op must be one of' },
      { body: { name: 'x', filters: [{ property: 'seats', op: 'gt', value: 'five' }] }, error: 'filters[].value must be a number with op gt' },
      { body: { name: '   ', filters: [{ property: 'plan', op: 'is_set' }] }, error: 'name must not be empty' },
    ],
  });
});
