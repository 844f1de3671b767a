import { describe, expect, it } from 'vitest';
import { call, itBehavesAsADocumentResource } from './support/document-crud.js';

const query = { events: [{ name: 'signup' }], metric: 'uniq', date_range: { start: '2024-05-01', end: '2024-05-31' }, interval: 'day' };
const funnel = { steps: [{ event: 'signup' }, { event: 'purchase' }], date_range: { start: '2024-05-01', end: '2024-05-31' } };
const retention = {
  start_event: { event: 'signup' },
  return_event: { event: 'purchase' },
  period: 'week',
  periods: 4,
  date_range: { start: '2024-05-06', end: '2024-05-26' },
};
const widget = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Widget ${id}`, type: 'line', query: { ...query, ...extra } });

describe('dashboards', () => {
  const { api } = itBehavesAsADocumentResource({
    segment: 'dashboards',
    kind: 'dashboard',
    valid: (n) => ({ name: `Dashboard ${n}`, widgets: [widget('a')] }),
    patch: {
      body: { name: 'Renamed', description: 'Growth' },
      expect: { name: 'Renamed', description: 'Growth', widgets: [expect.objectContaining({ id: 'a' })] },
    },
    invalid: [
      { body: { widgets: [] }, error: 'name is required' },
      { body: { name: 'x', widgets: [{ id: 'a', title: 'A', type: 'pie', query }] }, error: 'widgets[].type must be one of' },
      { body: { name: 'x', widgets: [widget('a'), widget('a')] }, error: 'widgets[].id a is used twice' },
      { body: { name: 'x', widgets: [widget('a', { metric: 'sum' })] }, error: 'property is required with metric sum' },
      {
        body: { name: 'x', widgets: [widget('a', { date_range: { start: '2024-06-01', end: '2024-05-01' } })] },
        error: 'date_range.start must not be after date_range.end',
      },
      { body: { name: 'x', widgets: [widget('a', { events: [] })] }, error: 'events must hold at least one event' },
      { body: { name: 'x', widgets: [{ id: 'a', title: 'A', type: 'funnel', query }] }, error: 'steps' },
      { body: { name: 'x', widgets: [{ id: 'a', title: 'A', type: 'retention', query: funnel }] }, error: 'start_event' },
      {
        body: { name: 'x', widgets: [{ id: 'a', title: 'A', query }] },
        error: 'widgets[].type must be one of line, bar, area, table, number, funnel, retention',
      },
    ],
  });

  it("stores each widget's query as the event query body without project_id, defaults applied", async () => {
    const res = await call(api(), 'POST', `/v1/projects/${api().demo.project_id}/dashboards`, {
      name: 'Growth',
      widgets: [widget('a', { group_by: { property: 'plan' } })],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Growth',
      widgets: [{ id: 'a', title: 'Widget a', type: 'line', query: { ...query, group_by: { property: 'plan', limit: 10 } } }],
    });
    expect((res.body.widgets as { query: object }[])[0]?.query).not.toHaveProperty('project_id');
  });

  it('starts without widgets when none are given', async () => {
    const res = await call(api(), 'POST', `/v1/projects/${api().demo.project_id}/dashboards`, { name: 'Empty' });
    expect(res.body).toMatchObject({ name: 'Empty', widgets: [] });
  });

  it('holds funnel and retention widgets beside segmentation ones, each query with its defaults applied and without project_id', async () => {
    const res = await call(api(), 'POST', `/v1/projects/${api().demo.project_id}/dashboards`, {
      name: 'Conversion',
      widgets: [widget('a'), { id: 'f', title: 'Funnel', type: 'funnel', query: funnel }, { id: 'r', title: 'Retention', type: 'retention', query: retention }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      widgets: [
        { id: 'a', type: 'line' },
        { id: 'f', type: 'funnel', query: { ...funnel, timezone: 'UTC', window: { value: 14, unit: 'day' } } },
        { id: 'r', type: 'retention', query: { ...retention, timezone: 'UTC' } },
      ],
    });
    expect((res.body.widgets as { query: object }[])[1]?.query).not.toHaveProperty('project_id');
  });
});
