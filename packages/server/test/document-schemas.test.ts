import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  flagDataSchema,
  flagPatchSchema,
  guideDataSchema,
  patchDocumentData,
  surveyDataSchema,
  surveyResponseOf,
} from '../src/schemas/index.js';

const issues = (result: { success: boolean; error?: Parameters<typeof describeIssues>[0] }) => (result.error ? describeIssues(result.error) : '');

describe('flag documents', () => {
  it('creates an inactive boolean flag for everyone at 100 % by default', () => {
    expect(flagDataSchema.parse({ key: 'beta' })).toEqual({ key: 'beta', active: false, rollout_percentage: 100, variants: [], targeting: {} });
  });

  it('refuses variant weights that do not sum to 100, repeated variant keys, and a rollout over 100', () => {
    expect(
      issues(
        flagDataSchema.safeParse({
          key: 'x',
          variants: [
            { key: 'a', weight: 50 },
            { key: 'b', weight: 40 },
          ],
        }),
      ),
    ).toContain('sum to 100 (they sum to 90)');
    expect(
      issues(
        flagDataSchema.safeParse({
          key: 'x',
          variants: [
            { key: 'a', weight: 50 },
            { key: 'a', weight: 50 },
          ],
        }),
      ),
    ).toContain('variants[].key must be unique');
    expect(issues(flagDataSchema.safeParse({ key: 'x', rollout_percentage: 101 }))).toContain('rollout_percentage must be 0-100');
  });

  it('refuses a key with spaces and targeting rules with a value of the wrong type', () => {
    expect(flagDataSchema.safeParse({ key: 'has space' }).success).toBe(false);
    expect(issues(flagDataSchema.safeParse({ key: 'x', targeting: { user_properties: [{ property: 'age', op: 'gt', value: 'old' }] } }))).toContain(
      'must be a number with op gt',
    );
  });

  it('patches without defaults, and validates the merged whole', () => {
    expect(flagPatchSchema.parse({ active: true })).toEqual({ active: true });
    const current = flagDataSchema.parse({
      key: 'x',
      active: true,
      variants: [
        { key: 'a', weight: 50 },
        { key: 'b', weight: 50 },
      ],
    });
    expect(patchDocumentData(flagDataSchema, current, { variants: [{ key: 'a', weight: 10 }] }).success).toBe(false);
    expect(patchDocumentData(flagDataSchema, { ...current, name: 'X' }, { name: null, rollout_percentage: 5 }).data).toEqual({
      ...current,
      rollout_percentage: 5,
    });
  });
});

describe('guide documents', () => {
  it.each([
    [{ type: 'tooltip', body: 'b', selector: '#buy' }, { placement: 'bottom' }],
    [{ type: 'banner', body: 'b' }, { position: 'top' }],
    [{ type: 'modal', body: 'b' }, {}],
    [{ type: 'slideout', body: 'b' }, { side: 'right' }],
    [
      {
        type: 'multi_step_tour',
        steps: [
          { body: 'one', selector: '#a' },
          { title: 'Two', body: 'two' },
        ],
      },
      {},
    ],
    [
      {
        type: 'checklist',
        items: [
          { key: 'invite', title: 'Invite a teammate', url: '/team' },
          { key: 'app', title: 'Connect an app', event: 'app_connected' },
        ],
      },
      {},
    ],
  ])('accepts a %o guide, defaulting to a draft for everyone', (fields, defaults) => {
    expect(guideDataSchema.parse({ name: 'G', ...fields })).toEqual({ name: 'G', status: 'draft', targeting: {}, ...fields, ...defaults });
  });

  it('requires what each type needs: a selector for a tooltip, steps for a tour, items for a checklist', () => {
    expect(issues(guideDataSchema.safeParse({ name: 'G', type: 'tooltip', body: 'b' }))).toContain('selector is required');
    expect(issues(guideDataSchema.safeParse({ name: 'G', type: 'multi_step_tour' }))).toContain('steps');
    expect(issues(guideDataSchema.safeParse({ name: 'G', type: 'checklist', items: [] }))).toContain('items must hold at least one item');
    expect(issues(guideDataSchema.safeParse({ name: 'G', type: 'popup', body: 'b' }))).toContain('type must be one of');
  });

  it('refuses javascript: links and variants without a flag_key', () => {
    expect(issues(guideDataSchema.safeParse({ name: 'G', type: 'modal', body: 'b', button_url: 'javascript:alert(1)' }))).toContain(
      'must be an http(s) URL or a path',
    );
    expect(issues(guideDataSchema.safeParse({ name: 'G', type: 'modal', body: 'b', variants: ['test'] }))).toContain('variants needs flag_key');
  });

  it('drops the fields of the old type when a patch changes the type', () => {
    const current = guideDataSchema.parse({ name: 'G', type: 'tooltip', body: 'b', selector: '#a' });
    expect(patchDocumentData(guideDataSchema, current, { type: 'banner', position: 'bottom' }).data).toEqual({
      name: 'G',
      status: 'draft',
      targeting: {},
      type: 'banner',
      body: 'b',
      position: 'bottom',
    });
  });
});

describe('survey documents', () => {
  it('accepts the four types; multiple_choice needs two distinct choices', () => {
    for (const type of ['nps', 'csat', 'open_ended']) expect(surveyDataSchema.safeParse({ name: 'S', type, question: 'Q?' }).success).toBe(true);
    expect(surveyDataSchema.safeParse({ name: 'S', type: 'multiple_choice', question: 'Q?', choices: ['A', 'B'] }).success).toBe(true);
    expect(issues(surveyDataSchema.safeParse({ name: 'S', type: 'multiple_choice', question: 'Q?', choices: ['A'] }))).toContain('at least 2 choices');
    expect(issues(surveyDataSchema.safeParse({ name: 'S', type: 'multiple_choice', question: 'Q?', choices: ['A', 'A'] }))).toContain('choices must be unique');
  });

  it('reads the answer of $survey_sent from num_properties, else str_properties', () => {
    expect(surveyResponseOf({ event_name: '$survey_sent', str_properties: { survey_id: '1' }, num_properties: { response: 9 } })).toBe(9);
    expect(surveyResponseOf({ event_name: '$survey_sent', str_properties: { response: 'Price' }, num_properties: {} })).toBe('Price');
    expect(surveyResponseOf({ event_name: '$survey_shown', str_properties: { response: 'x' }, num_properties: {} })).toBeUndefined();
  });
});
