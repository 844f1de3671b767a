import { describe, expect, it } from 'vitest';
import { call, itBehavesAsADocumentResource } from './support/document-crud.js';

describe('guides', () => {
  const { api } = itBehavesAsADocumentResource({
    segment: 'guides',
    kind: 'guide',
    valid: (n) => ({ name: `Guide ${n}`, type: 'modal', body: 'Welcome aboard' }),
    patch: { body: { status: 'active', title: 'Hello' }, expect: { name: 'Guide 1', type: 'modal', status: 'active', title: 'Hello' } },
    invalid: [
      { body: { name: 'x', type: 'popup', body: 'b' }, error: 'type must be one of' },
      { body: { name: 'x', type: 'tooltip', body: 'b' }, error: 'selector is required' },
      { body: { type: 'modal', body: 'b' }, error: 'name is required' },
      { body: { name: 'x', type: 'modal', body: 'b', variants: ['a'] }, error: 'variants needs flag_key' },
    ],
  });

  const base = () => `/v1/projects/${api().demo.project_id}/guides`;

  it('stores each of the six types with its own fields and defaults', async () => {
    const bodies = [
      { type: 'tooltip', body: 'Click here', selector: '#buy' },
      { type: 'banner', body: 'Sale' },
      { type: 'modal', body: 'Hi' },
      { type: 'slideout', body: 'News' },
      { type: 'multi_step_tour', steps: [{ body: 'One' }, { body: 'Two', selector: '.two' }] },
      { type: 'checklist', items: [{ key: 'profile', title: 'Fill in your profile' }] },
    ];
    for (const body of bodies) {
      const res = await call(api(), 'POST', base(), { name: body.type, ...body });
      expect(res.status, body.type).toBe(201);
      expect(res.body).toMatchObject({ ...body, status: 'draft', targeting: {} });
    }
    const list = await call(api(), 'GET', base());
    expect(list.body.items.map((item) => item.type)).toEqual(bodies.map((body) => body.type));
  });

  it('changes type with PATCH when the merged guide is valid for the new type', async () => {
    const created = await call(api(), 'POST', base(), { name: 'g', type: 'modal', body: 'Hi' });
    expect((await call(api(), 'PATCH', `${base()}/${created.body.id}`, { type: 'tooltip', version: 1 })).status).toBe(400);
    const res = await call(api(), 'PATCH', `${base()}/${created.body.id}`, { type: 'tooltip', selector: '#x', version: 1 });
    expect(res.body).toMatchObject({ type: 'tooltip', selector: '#x', placement: 'bottom', body: 'Hi', version: 2 });
  });
});
