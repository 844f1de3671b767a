import { dashboardFields, dashboardSchema } from '../../schemas/documents/dashboard.js';
import { segmentFields, segmentSchema } from '../../schemas/documents/segment.js';
import { flagDataSchema, flagPatchSchema, guideDataSchema, guidePatchSchema, surveyDataSchema, surveyPatchSchema } from '../../schemas/index.js';
import type { DocumentResource } from './document-resource.js';

export const dashboardResource: DocumentResource = {
  kind: 'dashboard',
  segment: 'dashboards',
  noun: 'dashboard',
  tag: 'Dashboards',
  schema: dashboardSchema,
  patchSchema: dashboardFields.partial(),
  example: {
    name: 'Growth',
    description: 'Signups and purchases',
    widgets: [
      {
        id: 'signups',
        title: 'Daily signups',
        type: 'line',
        query: { events: [{ name: 'signup' }], metric: 'uniq', date_range: { start: '2024-05-01', end: '2024-05-31' }, interval: 'day' },
      },
    ],
  },
  patchExample: { name: 'Growth (weekly)' },
};

export const segmentResource: DocumentResource = {
  kind: 'segment',
  segment: 'segments',
  noun: 'segment',
  tag: 'Segments',
  schema: segmentSchema,
  patchSchema: segmentFields.partial(),
  example: { name: 'Pro customers', filters: [{ property: 'plan', op: 'eq', value: 'pro' }] },
  patchExample: { filters: [{ property: 'plan', op: 'eq', value: 'enterprise' }] },
};

/** Feature flags: the document key is the flag's `key`, unique per project (409 on a duplicate). */
export const flagResource: DocumentResource = {
  kind: 'flag',
  segment: 'flags',
  noun: 'flag',
  tag: 'Feature flags',
  schema: flagDataSchema,
  patchSchema: flagPatchSchema,
  keyOf: (data) => (typeof data.key === 'string' ? data.key : null),
  example: {
    key: 'new-checkout',
    name: 'New checkout',
    active: true,
    rollout_percentage: 50,
    variants: [
      { key: 'control', weight: 50 },
      { key: 'test', weight: 50 },
    ],
  },
  patchExample: { rollout_percentage: 100 },
};

export const guideResource: DocumentResource = {
  kind: 'guide',
  segment: 'guides',
  noun: 'guide',
  tag: 'Guides',
  schema: guideDataSchema,
  patchSchema: guidePatchSchema,
  example: { name: 'Welcome', type: 'modal', status: 'active', title: 'Welcome aboard', body: 'Here is what is new.' },
  patchExample: { status: 'draft' },
};

export const surveyResource: DocumentResource = {
  kind: 'survey',
  segment: 'surveys',
  noun: 'survey',
  tag: 'Surveys',
  schema: surveyDataSchema,
  patchSchema: surveyPatchSchema,
  example: { name: 'NPS', type: 'nps', status: 'active', question: 'How likely are you to recommend us?', low_label: 'Not likely', high_label: 'Very likely' },
  patchExample: { question: 'How likely are you to recommend us to a friend?' },
};
