import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases, storedEvent } from '@northstar/adapter-testing';
import type { StoredEvent } from '@northstar/server';
import { alertSchema } from '../src/schemas/documents/alert.js';
import { evaluateAlert } from '../src/services/alerts/alert-evaluation.js';
import type { AlertEvaluationDeps } from '../src/services/alerts/alert-evaluation.js';
import type { WebhookEvent } from '../src/services/webhook-event-sink.js';
import { readAnswer, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Alerts (issue 15, docs/alerts-experiments.md): an evaluation measures the last completed window of
// the alert's interval and fires alert_triggered when the condition starts to hold, not while it holds.
const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));

const HOUR = 3_600_000;
const START = Date.parse('2024-05-01T00:00:00.000Z');

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});
afterAll(() => releaseTestDatabases());

let n = 0;
/** `count` events named `error` in the hour starting at `hour` hours after START. */
function errors(projectId: number, hour: number, count: number): StoredEvent[] {
  return Array.from({ length: count }, (_, i) =>
    storedEvent(++n, {
      project_id: projectId,
      event_name: 'error',
      device_id: `d${i}`,
      timestamp: START + hour * HOUR + i * 1000,
      received_at: START + hour * HOUR,
    }),
  );
}

describe.each(databases)('alert evaluation on %s', (kind) => {
  async function setUp(alert: Record<string, unknown> = {}) {
    api = await startTestServer({ storage: await createTestStorage(kind) });
    const server = api;
    const headers = { Authorization: `Bearer ${server.demo.sk}` };
    const base = `${server.url}/v1/projects/${server.demo.project_id}`;
    const data = alertSchema.parse({ name: 'Errors spike', event: 'error', condition: 'gt', threshold: 5, interval: 'hour', ...alert });
    const created = await server.storage.config.createDocument({ project_id: server.demo.project_id, kind: 'alert', data });
    const alertId = created.id;
    const sent: { projectId: number; event: WebhookEvent; webhookIds: readonly number[] | undefined }[] = [];
    const deps: AlertEvaluationDeps = {
      config: server.storage.config,
      queryEngine: server.storage.queryEngine,
      clock: () => START,
      webhooks: { emit: (projectId, event, webhookIds) => Promise.resolve(void sent.push({ projectId, event, webhookIds })) },
    };
    /** Evaluates the hour that ended `hour` hours after START. */
    const evaluateHour = (hour: number) => evaluateAlert(deps, server.demo.project_id, alertId, START + hour * HOUR);
    const history = async (query = '') => readAnswer(await fetch(`${base}/alerts/${alertId}/history${query}`, { headers }));
    return { server, alertId, sent, evaluateHour, history, deps };
  }

  it.skipIf(!available.get(kind))('fires once while the condition holds for ten evaluations, and again after it clears and holds again', async () => {
    const { server, alertId, sent, evaluateHour, history } = await setUp();
    const projectId = server.demo.project_id;
    // Hours 0-9: 10 errors each (> 5 holds); hours 10-11: 2 (clears); hours 12-14: 8 (holds again).
    const counts = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 2, 2, 8, 8, 8];
    await server.storage.eventLog.appendEvents(counts.flatMap((count, hour) => errors(projectId, hour, count)));

    const fired: boolean[] = [];
    for (let hour = 1; hour <= counts.length; hour++) {
      const evaluation = await evaluateHour(hour);
      expect(evaluation).toMatchObject({ skipped: false, value: counts[hour - 1], condition_met: counts[hour - 1]! > 5 });
      fired.push(!evaluation.skipped && evaluation.fired);
    }
    expect(fired).toEqual([true, false, false, false, false, false, false, false, false, false, false, false, true, false, false]);
    expect(sent).toEqual([
      {
        projectId,
        event: { type: 'alert_triggered', data: { alert_id: alertId, alert_name: 'Errors spike', value: 10, threshold: 5, condition: 'value > threshold' } },
        webhookIds: [],
      },
      {
        projectId,
        event: { type: 'alert_triggered', data: { alert_id: alertId, alert_name: 'Errors spike', value: 8, threshold: 5, condition: 'value > threshold' } },
        webhookIds: [],
      },
    ]);

    const first = await history('?limit=10');
    expect(first.status).toBe(200);
    const page = first.body as { items: Record<string, unknown>[]; next: number | null };
    expect(page.items).toHaveLength(10);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      alert_id: alertId,
      evaluated_at: '2024-05-01T00:00:00.000Z',
      window_start: '2024-05-01T00:00:00.000Z',
      window_end: '2024-05-01T01:00:00.000Z',
      value: 10,
      condition_met: true,
      fired: true,
    });
    const rest = (await history(`?after=${page.next}`)).body as { items: Record<string, unknown>[]; next: number | null };
    expect(rest.next).toBeNull();
    expect([...page.items, ...rest.items].map((entry) => entry.fired)).toEqual(fired);
  });

  it.skipIf(!available.get(kind))('evaluates a window once: a second evaluation, or a racing one, skips it', async () => {
    const { server, sent, evaluateHour, history } = await setUp();
    await server.storage.eventLog.appendEvents(errors(server.demo.project_id, 0, 9));
    const racing = await Promise.all([evaluateHour(1), evaluateHour(1), evaluateHour(1)]);
    expect(racing.filter((evaluation) => !evaluation.skipped)).toHaveLength(1);
    expect(await evaluateHour(1)).toEqual({ skipped: true });
    // An hour already measured is not measured again from an older slot either.
    expect(await evaluateHour(0)).toEqual({ skipped: true });
    expect(sent).toHaveLength(1);
    expect(((await history()).body as { items: unknown[] }).items).toHaveLength(1);
  });

  it.skipIf(!available.get(kind))('sends a firing whose send failed with the next evaluation, and only then', async () => {
    const { server, sent, evaluateHour, deps, history } = await setUp();
    await server.storage.eventLog.appendEvents([...errors(server.demo.project_id, 0, 10), ...errors(server.demo.project_id, 1, 10)]);
    const deliver = deps.webhooks;
    let failures = 1;
    deps.webhooks = { emit: (...args) => (failures-- > 0 ? Promise.reject(new Error('storage unavailable')) : deliver.emit(...args)) };
    await expect(evaluateHour(1)).rejects.toThrow('storage unavailable');
    expect(sent).toEqual([]);
    // The retry of the same window sends the recorded event without measuring the window again.
    expect(await evaluateHour(1)).toEqual({ skipped: true });
    expect(sent.map((sending) => sending.event.data)).toEqual([expect.objectContaining({ value: 10 })]);
    expect(await evaluateHour(2)).toMatchObject({ skipped: false, condition_met: true, fired: false });
    expect(sent).toHaveLength(1);
    expect(((await history()).body as { items: { fired: boolean }[] }).items.map((entry) => entry.fired)).toEqual([true, false]);
  });

  it.skipIf(!available.get(kind))('compares with lt and counts an empty window as 0; a metric without a value never holds', async () => {
    const quiet = await setUp({ condition: 'lt', threshold: 1, name: 'No errors', webhook_ids: [7] });
    expect(await quiet.evaluateHour(1)).toMatchObject({ skipped: false, value: 0, condition_met: true, fired: true });
    expect(quiet.sent[0]?.event.data).toMatchObject({ value: 0, threshold: 1, condition: 'value < threshold' });
    // Only the alert's own webhooks are notified.
    expect(quiet.sent[0]?.webhookIds).toEqual([7]);
    await api?.close();
    const average = await setUp({ metric: 'avg', property: 'ms', condition: 'lte', threshold: 100 });
    expect(await average.evaluateHour(1)).toMatchObject({ skipped: false, value: null, condition_met: false, fired: false });
  });

  it.skipIf(!available.get(kind))('skips inactive and deleted alerts', async () => {
    const { server, alertId, evaluateHour, deps } = await setUp({ active: false });
    expect(await evaluateHour(1)).toEqual({ skipped: true });
    expect(await evaluateAlert(deps, server.demo.project_id, alertId + 1000, START + HOUR)).toEqual({ skipped: true });
  });

  it.skipIf(!available.get(kind))('answers 404 for the history of an alert of another kind or project', async () => {
    const { server, history } = await setUp();
    expect((await history()).status).toBe(200);
    const res = await readAnswer(
      await fetch(`${server.url}/v1/projects/${server.demo.project_id}/alerts/999999/history`, { headers: { Authorization: `Bearer ${server.demo.sk}` } }),
    );
    expect(res).toMatchObject({ status: 404, body: { error: 'No alert 999999 in this project' } });
  });
});
