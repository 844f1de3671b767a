import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import type { StorageAdapter } from '@northstar/server';
import { createNorthstarApp } from '../src/app/create-northstar-app.js';
import type { NorthstarApp } from '../src/app/northstar-app.js';
import { alertSchema } from '../src/schemas/documents/alert.js';
import { experimentSchema } from '../src/schemas/documents/experiment.js';
import { EVALUATION_QUEUES, scheduleDueEvaluations } from '../src/services/schedule/evaluation-scheduler.js';

// The worker's schedule (docs/alerts-experiments.md): a tick a minute enqueues each due evaluation
// once per slot, keyed so that several workers never enqueue one slot twice.
const HOUR = 3_600_000;
const NOW = Date.parse('2024-05-01T10:17:00.000Z');

const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));

let app: NorthstarApp | undefined;
let storage: StorageAdapter | undefined;
afterEach(async () => {
  await app?.close();
  await storage?.dispose();
  app = undefined;
  storage = undefined;
});
afterAll(() => releaseTestDatabases());

async function setUp(clock: () => number, given: StorageAdapter = createMemoryStorage()) {
  storage = given;
  app = createNorthstarApp({ storage, jwtSecret: 'northstar-test-secret-of-at-least-32-bytes', clock, logger: { error: () => {}, warn: () => {} } });
  const project = await storage.config.createProject({ name: 'P', plan: 'free' });
  const alert = await storage.config.createDocument({
    project_id: project.id,
    kind: 'alert',
    data: alertSchema.parse({ name: 'Quiet', event: 'signup', condition: 'lt', threshold: 1, interval: 'hour' }),
  });
  await storage.config.createDocument({
    project_id: project.id,
    kind: 'alert',
    data: alertSchema.parse({ name: 'Off', event: 'signup', condition: 'lt', threshold: 1, interval: 'day', active: false }),
  });
  const design = experimentSchema.parse({ name: 'E', flag_key: 'f', variants: ['a', 'b'], goal_event: 'buy', status: 'running' });
  const experiment = await storage.config.createDocument({
    project_id: project.id,
    kind: 'experiment',
    data: { ...design, started_at: new Date(NOW - HOUR).toISOString(), ended_at: null },
  });
  return { storage, app, project, alert, experiment };
}

describe('the evaluation schedule', () => {
  it('enqueues each active alert for its last completed window and each running experiment for the hour, once per slot', async () => {
    const { storage, app, project, alert, experiment } = await setUp(() => NOW);
    const jobs = storage.jobs;
    if (!jobs) throw new Error('memory storage has a job queue');
    const enqueue = vi.spyOn(jobs, 'enqueue');
    const deps = {
      config: storage.config,
      jobs,
      alerts: app.services.alerts,
      experiments: app.services.experiments,
      clock: () => NOW,
      logger: console,
    };
    await scheduleDueEvaluations(deps, NOW);
    await scheduleDueEvaluations(deps, NOW + 60_000);
    expect(enqueue.mock.calls.map(([job]) => job)).toEqual([
      {
        queue: EVALUATION_QUEUES.alert,
        payload: { projectId: project.id, alertId: alert.id, at: Date.parse('2024-05-01T10:00:00.000Z') },
        idempotencyKey: `alert:${alert.id}:${Date.parse('2024-05-01T10:00:00.000Z')}`,
      },
      {
        queue: EVALUATION_QUEUES.experiment,
        payload: { projectId: project.id, experimentId: experiment.id },
        idempotencyKey: `experiment:${experiment.id}:${Date.parse('2024-05-01T10:00:00.000Z')}`,
      },
      expect.objectContaining({ idempotencyKey: `alert:${alert.id}:${Date.parse('2024-05-01T10:00:00.000Z')}` }),
      expect.objectContaining({ idempotencyKey: `experiment:${experiment.id}:${Date.parse('2024-05-01T10:00:00.000Z')}` }),
    ]);
    const results = await Promise.all(enqueue.mock.results.map((result) => result.value as Promise<{ created: boolean }>));
    expect(results.map((result) => result.created)).toEqual([true, true, false, false]);
  });
});

describe.each(databases)('the evaluation worker on %s', (kind) => {
  it.skipIf(!available.get(kind))('evaluates an alert on the first tick and records its history', async () => {
    const now = Date.now();
    const { app, project, alert } = await setUp(() => now, await createTestStorage(kind));
    expect(app.workers.names()).toEqual(['webhook-delivery', 'evaluations', 'replay-retention']);
    await app.workers.start();
    await vi.waitFor(
      async () => {
        const history = await app.services.alerts.history(project.id, alert.id, { limit: 10 });
        expect(history.items).toMatchObject([{ alert_id: alert.id, value: 0, condition_met: true, fired: true }]);
      },
      { timeout: 20_000, interval: 50 },
    );
  });
});
