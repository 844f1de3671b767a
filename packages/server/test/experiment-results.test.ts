import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases, storedEvent } from '@northstar/adapter-testing';
import type { StoredEvent } from '@northstar/server';
import { experimentSchema } from '../src/schemas/documents/experiment.js';
import { evaluateExperiment } from '../src/services/experiments/experiment-evaluation.js';
import type { ExperimentEvaluationDeps } from '../src/services/experiments/experiment-evaluation.js';
import type { WebhookEvent } from '../src/services/webhook-event-sink.js';
import { readAnswer, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// Experiments end to end (issue 15, docs/alerts-experiments.md): exposures and conversions counted by
// each database's query engine, the verdict, GET .../results, and experiment_significant fired once.
const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));

const START = Date.parse('2024-05-01T00:00:00.000Z');
const MINUTE = 60_000;

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});
afterAll(() => releaseTestDatabases());

let n = 0;
const event = (projectId: number, user: string, event_name: string, timestamp: number, str: Record<string, string> = {}): StoredEvent =>
  storedEvent(++n, { project_id: projectId, event_name, user_id: user, device_id: `device-${user}`, timestamp, str_properties: str, received_at: timestamp });

/**
 * `perVariant` people in each variant, exposed once (some twice) from START; every `everyNth[variant]`-th
 * of them buys after the exposure. Buyers before their exposure do not count.
 */
function population(projectId: number, perVariant: number, everyNth: Record<string, number>): StoredEvent[] {
  const events: StoredEvent[] = [];
  for (const [variant, nth] of Object.entries(everyNth)) {
    for (let i = 0; i < perVariant; i++) {
      const user = `${variant}-${i}`;
      const exposed = START + i * 10_000;
      if (i % 50 === 1) events.push(event(projectId, user, 'purchase', exposed - MINUTE));
      events.push(event(projectId, user, '$feature_flag_called', exposed, { '$feature/checkout': variant }));
      if (i % 7 === 0) events.push(event(projectId, user, '$feature_flag_called', exposed + MINUTE, { '$feature/checkout': variant }));
      if (i % nth === 0) events.push(event(projectId, user, 'purchase', exposed + 5 * MINUTE));
    }
  }
  return events;
}

describe.each(databases)('experiment results on %s', (kind) => {
  async function setUp(status: 'draft' | 'running' = 'running', extra: Record<string, unknown> = {}) {
    api = await startTestServer({ storage: await createTestStorage(kind), clock: () => START + 86_400_000 });
    const server = api;
    const projectId = server.demo.project_id;
    const { config } = server.storage;
    await config.createDocument({
      project_id: projectId,
      kind: 'flag',
      key: 'checkout',
      data: {
        key: 'checkout',
        active: true,
        rollout_percentage: 100,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'test', weight: 50 },
        ],
        targeting: {},
      },
    });
    const design = experimentSchema.parse({
      name: 'One-page checkout',
      flag_key: 'checkout',
      variants: ['control', 'test'],
      goal_event: 'purchase',
      status,
      ...extra,
    });
    const started = status === 'running' ? new Date(START).toISOString() : null;
    const record = await config.createDocument({ project_id: projectId, kind: 'experiment', data: { ...design, started_at: started, ended_at: null } });
    const sent: WebhookEvent[] = [];
    const deps: ExperimentEvaluationDeps = {
      config,
      queryEngine: server.storage.queryEngine,
      clock: () => START + 86_400_000,
      webhooks: { emit: (_projectId, webhookEvent) => Promise.resolve(void sent.push(webhookEvent)) },
    };
    const results = async () =>
      readAnswer(
        await fetch(`${server.url}/v1/projects/${projectId}/experiments/${record.id}/results`, { headers: { Authorization: `Bearer ${server.demo.sk}` } }),
      );
    return { server, projectId, experimentId: record.id, deps, sent, results };
  }

  it.skipIf(!available.get(kind))('counts a planted lift, declares it significant and fires experiment_significant once', async () => {
    const { server, projectId, experimentId, deps, sent, results } = await setUp();
    // 1,000 people per variant: control converts 1 in 10, test 1 in 5.
    await server.storage.eventLog.appendEvents(population(projectId, 1000, { control: 10, test: 5 }));

    const res = await results();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      experiment_id: experimentId,
      status: 'running',
      variant_property: '$feature/checkout',
      exposure_event: '$feature_flag_called',
      goal_event: 'purchase',
      from: '2024-05-01T00:00:00.000Z',
      to: '2024-05-02T00:00:00.000Z',
      alpha: 0.05,
      verdict: 'significant',
      sample_ratio: { p_value: 1, expected_shares: [0.5, 0.5], mismatch: false },
      variants: [
        { variant: 'control', control: true, exposures: 1000, conversions: 100, rate: 0.1, lift: null, p_value: null, significant: false },
        { variant: 'test', control: false, exposures: 1000, conversions: 200, rate: 0.2, significant: true },
      ],
      winner: 'test',
    });
    const test = (res.body as { variants: { lift: number; p_value: number; fixed_horizon_p_value: number; lift_interval: [number, number] }[] }).variants[1]!;
    expect(test.lift).toBeCloseTo(1, 9);
    // always-valid p-value (what the verdict uses) and the classic one of the same z, which is smaller
    expect(test.p_value).toBeLessThan(1e-3);
    expect(test.fixed_horizon_p_value).toBeLessThan(1e-6);
    expect(test.lift_interval[0]).toBeGreaterThan(0.5);

    const first = await evaluateExperiment(deps, projectId, experimentId);
    expect(first).toMatchObject({ skipped: false, fired: true });
    expect(await evaluateExperiment(deps, projectId, experimentId)).toMatchObject({ skipped: false, fired: false });
    expect(sent).toEqual([
      {
        type: 'experiment_significant',
        data: {
          experiment_id: experimentId,
          experiment_name: 'One-page checkout',
          variant: 'test',
          metric: 'purchase',
          p_value: test.p_value,
          lift: test.lift,
        },
      },
    ]);
  });

  it.skipIf(!available.get(kind))('sends experiment_significant with the next evaluation when its send failed, then never again', async () => {
    const { server, projectId, experimentId, deps, sent } = await setUp();
    await server.storage.eventLog.appendEvents(population(projectId, 500, { control: 10, test: 4 }));
    const deliver = deps.webhooks;
    let failures = 1;
    deps.webhooks = { emit: (...args) => (failures-- > 0 ? Promise.reject(new Error('storage unavailable')) : deliver.emit(...args)) };
    await expect(evaluateExperiment(deps, projectId, experimentId)).rejects.toThrow('storage unavailable');
    expect(sent).toEqual([]);
    expect(await evaluateExperiment(deps, projectId, experimentId)).toMatchObject({ fired: false });
    expect(sent).toEqual([{ type: 'experiment_significant', data: expect.objectContaining({ experiment_id: experimentId, variant: 'test' }) }]);
    await evaluateExperiment(deps, projectId, experimentId);
    expect(sent).toHaveLength(1);
  });

  it.skipIf(!available.get(kind))('stays not significant with equal rates, and fires nothing', async () => {
    const { server, projectId, experimentId, deps, sent, results } = await setUp();
    await server.storage.eventLog.appendEvents(population(projectId, 500, { control: 10, test: 10 }));
    expect((await results()).body).toMatchObject({
      verdict: 'not_significant',
      winner: null,
      variants: [{ conversions: 50 }, { conversions: 50, p_value: 1 }],
    });
    expect(await evaluateExperiment(deps, projectId, experimentId)).toMatchObject({ fired: false });
    expect(sent).toEqual([]);
  });

  it.skipIf(!available.get(kind))('blocks the verdict on a sample-ratio mismatch, and below the minimum sample', async () => {
    const lopsided = await setUp();
    await lopsided.server.storage.eventLog.appendEvents([
      ...population(lopsided.projectId, 1000, { control: 10 }),
      ...population(lopsided.projectId, 700, { test: 2 }),
    ]);
    expect((await lopsided.results()).body).toMatchObject({ verdict: 'sample_ratio_mismatch', winner: null, sample_ratio: { mismatch: true } });
    expect(await evaluateExperiment(lopsided.deps, lopsided.projectId, lopsided.experimentId)).toMatchObject({ fired: false });
    await api?.close();

    const small = await setUp('running', { min_sample_per_variant: 1000 });
    await small.server.storage.eventLog.appendEvents(population(small.projectId, 999, { control: 10, test: 2 }));
    expect((await small.results()).body).toMatchObject({ verdict: 'insufficient_sample', min_sample_per_variant: 1000 });
  });

  it.skipIf(!available.get(kind))('has no results before it runs, and answers 404 for an unknown experiment', async () => {
    const { server, projectId, experimentId, deps, results } = await setUp('draft');
    expect((await results()).body).toMatchObject({
      verdict: 'not_started',
      from: null,
      to: null,
      variants: [{ exposures: 0 }, { exposures: 0 }],
      winner: null,
    });
    expect(await evaluateExperiment(deps, projectId, experimentId)).toEqual({ skipped: true });
    const res = await readAnswer(
      await fetch(`${server.url}/v1/projects/${projectId}/experiments/999999/results`, { headers: { Authorization: `Bearer ${server.demo.sk}` } }),
    );
    expect(res).toMatchObject({ status: 404, body: { error: 'No experiment 999999 in this project' } });
  });
});
