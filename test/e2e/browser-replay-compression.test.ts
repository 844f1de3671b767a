import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { pollUntil } from './harness/poll.js';
import { sessionId } from './harness/replay-page.js';
import { STRICT_CSP, routeTablePage, storedRows, watchWorkers, workerLog } from './harness/replay-table-page.js';
import type { DemoProject } from './harness/server.js';
import { storedReplay } from './harness/stored-replay.js';

const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

const ROWS = 10_000;

interface ChunkRequest {
  encoding: string | undefined;
  /** Bytes on the wire. */
  size: number;
  /** The JSON once decompressed. */
  json: { session_id: string; seq: number; events: { type: number }[] };
}

/** The chunk requests the pages of `context` send, as they go out. */
function chunkRequests(context: BrowserContext): ChunkRequest[] {
  const seen: ChunkRequest[] = [];
  context.on('request', (request: Request) => {
    if (!request.url().endsWith('/v1/replay/chunks')) return;
    const raw = request.postDataBuffer() ?? Buffer.alloc(0);
    const gzipped = raw[0] === 0x1f && raw[1] === 0x8b;
    const json = JSON.parse((gzipped ? gunzipSync(raw) : raw).toString('utf8')) as ChunkRequest['json'];
    seen.push({ encoding: request.headers()['content-encoding'], size: raw.length, json });
  });
  return seen;
}

describe.runIf(runs)('replay chunk compression in Chromium against the built server', () => {
  const env = useCliAndChromium('northstar-replay-gzip-');

  /** Records the table page until its full snapshot is stored whole; what was sent, what the page's workers did. */
  async function recordTable(demo: DemoProject, csp?: string) {
    const context = await env.browser.newContext();
    await watchWorkers(context);
    await routeTablePage(context, demo, ROWS, csp);
    const requests = chunkRequests(context);
    const page: Page = await context.newPage();
    const workerUrls: string[] = [];
    page.on('worker', (worker) => workerUrls.push(worker.url()));
    await page.goto(`${demo.url}/e2e/replay-table`);
    const session = await sessionId(page);
    const rows = await pollUntil(
      async () => storedRows(await storedReplay(`sqlite:${join(env.dataDir, 'data.db')}`, demo.project_id, session)),
      (n) => n >= ROWS,
      45_000,
    );
    const workers = await workerLog(page);
    await context.close();
    const snapshot = requests.find((r) => r.json.session_id === session && r.json.events.some((e) => e.type === 2));
    return { rows, requests: requests.filter((r) => r.json.session_id === session), snapshot, workers, workerUrls };
  }

  it('compresses the full snapshot of a 10,000-row table in a blob: worker, and the server stores it gzip and whole', async () => {
    const { rows, requests, snapshot, workers, workerUrls } = await recordTable(env.server.demo);

    expect(rows).toBe(ROWS);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.encoding === 'gzip')).toBe(true);
    // One worker for the page, from a Blob URL, named ours; Chromium ran it.
    expect(workers.created).toEqual([{ url: expect.stringMatching(/^blob:/) as unknown, name: 'northstar-replay-gzip' }]);
    expect(workerUrls).toEqual([workers.created[0]?.url]);
    expect(workers.errors).toBe(0);
    // What went to the server is what the worker gave back: the snapshot's body is one of its replies, byte for byte in size.
    expect(snapshot).toBeDefined();
    expect(workers.replies).toContain(snapshot?.size);
    // The snapshot went in parts (one message each, then its end).
    expect(workers.posted).toBeGreaterThan(workers.replies.length * 2);
  });

  it('under a CSP without blob: in worker-src and script-src, compresses on the main thread instead: the chunks still arrive gzip and whole', async () => {
    const { rows, requests, workers, workerUrls } = await recordTable(env.server.demo, STRICT_CSP);

    expect(rows).toBe(ROWS);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.encoding === 'gzip')).toBe(true);
    // The page refused the worker: no worker ran, nothing came back from one, and no second one was tried.
    expect(workers.violations).toContain('worker-src blob');
    expect(workerUrls).toEqual([]);
    expect(workers.replies).toEqual([]);
    expect(workers.created.length + workers.thrown.length).toBe(1);
  });
});
