// @northstar/node (the built package) against the real `northstar-server` (what `npm start` runs) on
// SQLite, through a TCP proxy the test cuts to make an outage. What the server stored is read back by uuid.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackBatch } from '@northstar/core';
import { Northstar } from '@northstar/node';
import type { NorthstarOptions } from '@northstar/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from './harness/cli-process.js';
import type { CliServer } from './harness/cli-process.js';
import { pollUntil } from './harness/poll.js';
import { missingEvents } from './harness/stored-events.js';
import { startTcpProxy } from './harness/tcp-proxy.js';
import type { TcpProxy } from './harness/tcp-proxy.js';

let dataDir: string;
let server: CliServer;
let proxy: TcpProxy;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'northstar-node-sdk-'));
  server = await startCli(dataDir);
  const { hostname, port } = new URL(server.demo.url);
  proxy = await startTcpProxy(hostname, Number(port));
});

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What the SDK sent: every event uuid of its `/v1/track` bodies, and how many of its track requests got no answer or a 5xx. */
interface Wire {
  uuids: Set<string>;
  failures: number;
  answered: number;
}

/** A client on the proxy, whose `fetch` records what goes over the wire (and cuts the proxy after `cutAfter` answered track requests). */
function client(options: Partial<NorthstarOptions> = {}, cutAfter?: number): { client: Northstar; wire: Wire } {
  const wire: Wire = { uuids: new Set(), failures: 0, answered: 0 };
  const recording: typeof fetch = async (input, init) => {
    // The SDK calls fetch with a URL string and a string body.
    const isTrack = (input as string).endsWith('/v1/track');
    if (isTrack) for (const event of (JSON.parse(init?.body as string) as TrackBatch).batch) wire.uuids.add(event.uuid ?? '');
    try {
      const res = await fetch(input, init);
      if (isTrack && res.status >= 500) wire.failures++;
      if (isTrack && res.status < 300 && ++wire.answered === cutAfter) proxy.cut();
      return res;
    } catch (error) {
      if (isTrack) wire.failures++;
      throw error;
    }
  };
  const sdk = new Northstar({ apiKey: server.demo.pk, host: `http://127.0.0.1:${proxy.port}`, fetch: recording, ...options });
  return { client: sdk, wire };
}

const sqlite = (): string => `sqlite:${join(dataDir, 'data.db')}`;

describe('@northstar/node against the reference server', () => {
  it('delivers 10,000 events tracked in a tight loop exactly once, through an outage in the middle', async () => {
    // Five requests get through, then every connection is reset until a send has failed, then the
    // server is reachable again: the retries carry the same uuids.
    const { client: sdk, wire } = client({}, 5);
    for (let i = 0; i < 10_000; i++) sdk.track({ event: 'node_load', userId: `user-${i % 100}`, properties: { i } });
    await pollUntil(
      () => Promise.resolve(wire.failures),
      (n) => n >= 1,
      30_000,
    );
    proxy.restore();
    const report = await sdk.shutdown({ timeoutMs: 90_000 });

    expect(report).toMatchObject({ undelivered: [], complete: true, dropped: 0, rejected: 0 });
    expect(wire.uuids.size).toBe(10_000);
    expect(await missingEvents(sqlite(), server.demo.project_id, [...wire.uuids])).toEqual([]);
    // The event log keeps one row per uuid, so 10,000 rows of this event are 10,000 events, each once.
    expect(await totalEvents('node_load')).toBe(10_000);
  }, 150_000);

  it('shutdown() during an outage delivers what the server takes back before the deadline', async () => {
    const { client: sdk, wire } = client();
    for (let i = 0; i < 50; i++) sdk.track({ event: 'node_before_outage', userId: 'user-1', properties: { i } });
    await sdk.flush();
    proxy.cut();
    for (let i = 0; i < 50; i++) sdk.track({ event: 'node_during_outage', userId: 'user-1', properties: { i } });
    const done = sdk.shutdown({ timeoutMs: 45_000 });
    await pollUntil(
      () => Promise.resolve(wire.failures),
      (n) => n >= 1,
      30_000,
    );
    proxy.restore();
    const report = await done;

    expect(report).toMatchObject({ undelivered: [], undeliveredIdentifies: [], delivered: 100, complete: true });
    expect(await missingEvents(sqlite(), server.demo.project_id, [...wire.uuids])).toEqual([]);
  }, 120_000);

  it('shutdown() during an outage that outlasts the deadline resolves and reports every undelivered event', async () => {
    proxy.cut();
    try {
      const { client: sdk, wire } = client();
      for (let i = 0; i < 20; i++) sdk.track({ event: 'node_lost_outage', userId: 'user-2', properties: { i } });
      sdk.identify({ userId: 'user-2', deviceId: 'device-2' });
      const report = await sdk.shutdown({ timeoutMs: 3_000 });

      expect(report.complete).toBe(false);
      expect(report.undelivered.map((e) => e.event_name)).toEqual([...Array(20).fill('node_lost_outage'), '$identify']);
      expect(report.undeliveredIdentifies).toEqual([expect.objectContaining({ user_id: 'user-2', device_id: 'device-2' })]);
      // Nothing reached the server, so everything it did not confirm is in the report, and only that.
      const uuids = report.undelivered.map((e) => e.uuid ?? '');
      expect(new Set(uuids)).toEqual(wire.uuids);
      expect(await missingEvents(sqlite(), server.demo.project_id, uuids)).toEqual(uuids);
    } finally {
      proxy.restore();
    }
  }, 60_000);
});

describe('@northstar/node flags against the reference server', () => {
  it('evaluates locally, from the definitions the secret key reads, exactly what the server answers', async () => {
    // A project whose secret key has every scope (the demo key cannot create flags), on the server's own database.
    const made = await runCli(['bootstrap', '--json'], { NORTHSTAR_DATA_DIR: dataDir });
    expect(made.code).toBe(0);
    const project = JSON.parse(made.stdout) as { project_id: number; pk: string; sk: string };
    const flags = [
      {
        key: 'pricing-test',
        active: true,
        rollout_percentage: 80,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'test', weight: 50 },
        ],
      },
      { key: 'pro-beta', active: true, rollout_percentage: 50, targeting: { user_properties: [{ property: 'plan', op: 'eq', value: 'pro' }] } },
      { key: 'dormant', active: false },
    ];
    for (const flag of flags) {
      const res = await fetch(`${server.demo.url}/v1/projects/${project.project_id}/flags`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${project.sk}` },
        body: JSON.stringify(flag),
      });
      expect(res.status).toBe(201);
    }
    const host = server.demo.url;
    const local = new Northstar({ apiKey: project.pk, host, secretKey: project.sk, projectId: project.project_id, sendFeatureFlagEvents: false });
    const remote = new Northstar({ apiKey: project.pk, host, sendFeatureFlagEvents: false });
    try {
      await local.reloadFeatureFlags();
      const people = Array.from({ length: 100 }, (_, i) => ({ userId: `flag-user-${i}`, userProperties: { plan: i % 2 ? 'pro' : 'free' } }));
      const answers = async (client: Northstar, onlyLocal: boolean) => Promise.all(people.map((person) => client.getAllFlags({ ...person, onlyLocal })));
      const [here, there] = await Promise.all([answers(local, true), answers(remote, false)]);
      expect(here).toEqual(there);
      // Both values of each flag occur, so the comparison says something.
      expect(new Set(here.map((values) => values['pricing-test']))).toEqual(new Set([false, 'control', 'test']));
      expect(new Set(here.map((values) => values['pro-beta']))).toEqual(new Set([false, true]));
    } finally {
      await Promise.all([local.shutdown(), remote.shutdown()]);
    }
  }, 60_000);
});

/** `total` of one event over yesterday and today (UTC), through the real query route with the demo sk_ key. */
async function totalEvents(event: string): Promise<number> {
  const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${server.demo.url}/v1/query/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.demo.sk}` },
    body: JSON.stringify({
      project_id: server.demo.project_id,
      events: [{ name: event }],
      metric: 'total',
      interval: 'day',
      date_range: { start: day(-1), end: day(0) },
    }),
  });
  if (!response.ok) throw new Error(`query answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { series: { data: { value: number }[] }[] };
  return body.series[0]?.data.reduce((sum, point) => sum + point.value, 0) ?? 0;
}
