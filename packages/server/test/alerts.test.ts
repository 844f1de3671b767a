import { describe, expect, it } from 'vitest';
import { call, itBehavesAsADocumentResource } from './support/document-crud.js';

const alert = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Alert ${n}`,
  event: 'signup',
  condition: 'lt',
  threshold: 10,
  interval: 'day',
  ...extra,
});

describe('alerts', () => {
  const { api } = itBehavesAsADocumentResource({
    segment: 'alerts',
    kind: 'alert',
    valid: (n) => alert(n),
    patch: { body: { condition: 'gte', threshold: 2.5, active: false }, expect: { name: 'Alert 1', condition: 'gte', threshold: 2.5, active: false } },
    invalid: [
      { body: alert(1, { condition: 'above' }), error: 'condition must be one of gt, gte, lt, lte' },
      { body: alert(1, { threshold: '10' }), error: 'threshold must be a number' },
      { body: alert(1, { interval: 'minute' }), error: 'interval must be one of' },
      { body: alert(1, { metric: 'avg' }), error: 'property is required with metric avg' },
      { body: alert(1, { property: 'amount' }), error: 'property is only used with metric sum, avg, min or max' },
      { body: { name: 'x', condition: 'gt', threshold: 1, interval: 'day' }, error: 'event is required' },
      { body: alert(1, { webhook_ids: [1, 1] }), error: 'webhook_ids holds a webhook twice' },
    ],
  });

  const base = () => `/v1/projects/${api().demo.project_id}`;

  it('applies defaults: metric total, no filters, active, no webhooks', async () => {
    const res = await call(api(), 'POST', `${base()}/alerts`, alert(1));
    expect(res.body).toMatchObject({ metric: 'total', filters: [], active: true, webhook_ids: [] });
  });

  it('notifies webhooks of its own project only (400 for unknown ids)', async () => {
    const webhook = await call(api(), 'POST', `${base()}/webhooks`, { url: 'https://hooks.example/alerts', events: ['alert_triggered'] });
    const ok = await call(api(), 'POST', `${base()}/alerts`, alert(1, { webhook_ids: [webhook.body.id] }));
    expect(ok).toMatchObject({ status: 201, body: { webhook_ids: [webhook.body.id] } });
    const other = await api().storage.config.createProject({ name: 'Other', plan: 'free' });
    const foreign = await api().storage.config.createDocument({ project_id: other.id, kind: 'webhook', data: {} });
    for (const id of [foreign.id, 999999]) {
      expect(await call(api(), 'POST', `${base()}/alerts`, alert(2, { webhook_ids: [id] }))).toMatchObject({
        status: 400,
        body: { error: `webhook_ids: no webhook ${id} in this project` },
      });
    }
  });

  it('keeps working after one of its webhooks is deleted: the dangling id does not block other edits', async () => {
    const webhook = await call(api(), 'POST', `${base()}/webhooks`, { url: 'https://hooks.example/alerts', events: ['alert_triggered'] });
    const created = await call(api(), 'POST', `${base()}/alerts`, alert(1, { webhook_ids: [webhook.body.id] }));
    expect((await call(api(), 'DELETE', `${base()}/webhooks/${webhook.body.id}`)).status).toBe(204);
    const renamed = await call(api(), 'PATCH', `${base()}/alerts/${created.body.id}`, { name: 'Renamed', version: 1 });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Renamed', webhook_ids: [webhook.body.id] } });
  });
});
