import { describe, expect, it } from 'vitest';
import { call, itBehavesAsADocumentResource } from './support/document-crud.js';

const flag = (n: number, extra: Record<string, unknown> = {}) => ({ key: `flag-${n}`, name: `Flag ${n}`, ...extra });

describe('feature flags', () => {
  const { api } = itBehavesAsADocumentResource({
    segment: 'flags',
    kind: 'flag',
    valid: (n) => flag(n),
    patch: {
      body: {
        active: true,
        rollout_percentage: 25,
        variants: [
          { key: 'a', weight: 50 },
          { key: 'b', weight: 50 },
        ],
      },
      expect: {
        key: 'flag-1',
        active: true,
        rollout_percentage: 25,
        variants: [
          { key: 'a', weight: 50 },
          { key: 'b', weight: 50 },
        ],
      },
    },
    invalid: [
      { body: { name: 'No key' }, error: 'key is required' },
      { body: flag(1, { key: 'has space' }), error: 'key may hold letters, digits' },
      { body: flag(1, { rollout_percentage: 101 }), error: 'rollout_percentage must be 0-100' },
      {
        body: flag(1, {
          variants: [
            { key: 'a', weight: 60 },
            { key: 'b', weight: 60 },
          ],
        }),
        error: 'variants[].weight must sum to 100',
      },
    ],
  });

  const base = () => `/v1/projects/${api().demo.project_id}/flags`;

  it('applies defaults: inactive, 100 % rollout, boolean, everyone', async () => {
    const res = await call(api(), 'POST', base(), { key: 'beta' });
    expect(res.body).toMatchObject({ key: 'beta', active: false, rollout_percentage: 100, variants: [], targeting: {} });
  });

  it('answers 409 for a key already used in the project, on create and on rename', async () => {
    await call(api(), 'POST', base(), flag(1));
    expect(await call(api(), 'POST', base(), flag(1))).toMatchObject({ status: 409, body: { error: 'A flag with key flag-1 already exists in this project' } });
    const second = await call(api(), 'POST', base(), flag(2));
    expect((await call(api(), 'PATCH', `${base()}/${second.body.id}`, { key: 'flag-1', version: 1 })).status).toBe(409);
  });

  it('allows the same key in another project, and again after the flag is deleted', async () => {
    const other = await api().storage.config.createProject({ name: 'Other', plan: 'free' });
    await api().storage.config.createDocument({ project_id: other.id, kind: 'flag', key: 'flag-1', data: flag(1) });
    const created = await call(api(), 'POST', base(), flag(1));
    expect(created.status).toBe(201);
    await call(api(), 'DELETE', `${base()}/${created.body.id}`);
    expect((await call(api(), 'POST', base(), flag(1))).status).toBe(201);
  });

  it('treats keys as case-sensitive', async () => {
    await call(api(), 'POST', base(), { key: 'Beta' });
    expect((await call(api(), 'POST', base(), { key: 'beta' })).status).toBe(201);
  });
});
