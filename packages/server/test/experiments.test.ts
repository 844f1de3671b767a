import { describe, expect, it } from 'vitest';
import { call, itBehavesAsADocumentResource } from './support/document-crud.js';

const experiment = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Experiment ${n}`,
  flag_key: 'new-checkout',
  variants: ['control', 'test'],
  goal_event: 'purchase',
  ...extra,
});

describe('experiments', () => {
  const { api } = itBehavesAsADocumentResource({
    segment: 'experiments',
    kind: 'experiment',
    valid: (n) => experiment(n),
    patch: {
      body: { name: 'Checkout v2', variants: ['control', 'a', 'b'] },
      expect: { name: 'Checkout v2', variants: ['control', 'a', 'b'], status: 'draft' },
    },
    invalid: [
      { body: experiment(1, { variants: ['control'] }), error: 'variants must hold at least two variants' },
      { body: experiment(1, { variants: ['a', 'a'] }), error: 'variants holds a variant twice' },
      { body: experiment(1, { status: 'paused' }), error: 'status must be one of draft, running, stopped' },
      { body: experiment(1, { goal_event: '' }), error: 'goal_event must not be empty' },
      { body: { name: 'x', variants: ['a', 'b'], goal_event: 'x' }, error: 'flag_key is required' },
    ],
  });

  const base = () => `/v1/projects/${api().demo.project_id}`;
  const createFlag = () =>
    call(api(), 'POST', `${base()}/flags`, {
      key: 'new-checkout',
      active: true,
      variants: [
        { key: 'control', weight: 50 },
        { key: 'test', weight: 50 },
      ],
    });

  it('starts as a draft without start or end time', async () => {
    const res = await call(api(), 'POST', `${base()}/experiments`, experiment(1));
    expect(res.body).toMatchObject({ status: 'draft', started_at: null, ended_at: null });
  });

  it('records started_at when it runs and ended_at when it stops; stopped is final', async () => {
    await createFlag();
    const created = await call(api(), 'POST', `${base()}/experiments`, experiment(1));
    const path = `${base()}/experiments/${created.body.id}`;
    const running = await call(api(), 'PATCH', path, { status: 'running', version: 1 });
    expect(running.body).toMatchObject({ status: 'running', started_at: expect.stringMatching(/Z$/), ended_at: null });
    const stopped = await call(api(), 'PATCH', path, { status: 'stopped', started_at: '2000-01-01T00:00:00.000Z', version: 2 });
    expect(stopped.body).toMatchObject({ status: 'stopped', started_at: running.body.started_at, ended_at: expect.stringMatching(/Z$/) });
    expect(await call(api(), 'PATCH', path, { status: 'running', version: 3 })).toMatchObject({
      status: 400,
      body: { error: 'status cannot change from stopped to running' },
    });
  });

  it('needs its flag to exist before it runs', async () => {
    const created = await call(api(), 'POST', `${base()}/experiments`, experiment(1));
    const res = await call(api(), 'PATCH', `${base()}/experiments/${created.body.id}`, { status: 'running', version: 1 });
    expect(res).toMatchObject({ status: 400, body: { error: 'flag_key: no flag new-checkout in this project' } });
  });

  it('keeps flag_key, variants and goal_event once started', async () => {
    await createFlag();
    const created = await call(api(), 'POST', `${base()}/experiments`, experiment(1, { status: 'running' }));
    expect(created.body.started_at).toEqual(expect.any(String));
    const res = await call(api(), 'PATCH', `${base()}/experiments/${created.body.id}`, { goal_event: 'signup', version: 1 });
    expect(res).toMatchObject({ status: 400, body: { error: 'goal_event cannot change once the experiment has started' } });
    expect((await call(api(), 'PATCH', `${base()}/experiments/${created.body.id}`, { name: 'Renamed', version: 1 })).status).toBe(200);
  });

  it('takes a GET response back as a PUT body: envelope and server-set fields are ignored', async () => {
    const created = await call(api(), 'POST', `${base()}/experiments`, experiment(1));
    const replaced = await call(api(), 'PUT', `${base()}/experiments/${created.body.id}`, { ...created.body, name: 'Again' });
    expect(replaced).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Again', version: 2, started_at: null } });
  });
});
