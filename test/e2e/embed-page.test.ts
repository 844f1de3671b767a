import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createApiKey, createNorthstarRouter, seedDemoProject } from '@northstar/server';
import { launchChromium } from './harness/chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';

/** Where the screenshot of the embedded dashboard is kept (git-ignored; see docs/embeds.md). */
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
/** Signups per day, oldest first: what the charts must show. */
const SIGNUPS = [1, 3, 2];

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.runIf(runs)('the embed page, framed by another site, in Chromium', () => {
  const storage = createMemoryStorage();
  let browser: Browser;
  let northstar: { server: Server; origin: string };
  let host: { server: Server; origin: string };
  let embedUrl: string;

  beforeAll(async () => {
    const demo = await seedDemoProject(storage);
    const admin = (await createApiKey(storage.config, { projectId: demo.project_id, kind: 'sk', scopes: ['admin'] })).key;
    const app = express();
    app.use(createNorthstarRouter({ storage, jwtSecret: 'an-e2e-secret-of-at-least-thirty-two-bytes', logger: { error: () => {} } }));
    northstar = await listen(app);
    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(`${northstar.origin}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const batch = SIGNUPS.flatMap((count, i) =>
      Array.from({ length: count }, (_, n) => ({ event_name: 'signup', user_id: `u${i}-${n}`, timestamp: `${day(2 - i)}T00:00:01Z` })),
    );
    // Two of the three people who signed up yesterday also purchased.
    const purchases = [0, 1].map((n) => ({ event_name: 'purchase', user_id: `u1-${n}`, timestamp: `${day(1)}T00:00:02Z` }));
    await post('/v1/track', { batch: [...batch, ...purchases] }, { 'X-API-Key': demo.pk });
    const query = { events: [{ name: 'signup' }], metric: 'total', date_range: { start: day(2), end: day(0) }, interval: 'day' };
    const auth = { Authorization: `Bearer ${admin}` };
    const dashboard = await post(
      `/v1/projects/${demo.project_id}/dashboards`,
      {
        name: 'Growth <b>board</b>',
        description: 'Signups of the last three days',
        widgets: [
          ...(['line', 'bar', 'area', 'number', 'table'] as const).map((type) => ({ id: type, title: `Signups (${type})`, type, query })),
          {
            id: 'funnel',
            title: 'Signup to purchase',
            type: 'funnel',
            query: { steps: [{ event: 'signup' }, { event: 'purchase' }], date_range: query.date_range },
          },
          {
            id: 'retention',
            title: 'Purchases after signup',
            type: 'retention',
            query: { start_event: { event: 'signup' }, return_event: { event: 'purchase' }, period: 'day', periods: 2, date_range: query.date_range },
          },
        ],
      },
      auth,
    );
    const minted = await post(`/v1/projects/${demo.project_id}/embeds`, { dashboard_id: dashboard.id, expires_in: 3600 }, auth);
    embedUrl = `${northstar.origin}${String(minted.path)}`;

    // Another origin (another port): a customer's page that frames the embed.
    const site = express();
    site.get('/', (_req, res) => {
      res.type('html').send(`<!doctype html><html><head><meta charset="utf-8"><title>Customer site</title></head>
<body><h1>Our numbers</h1><iframe id="embed" src="${embedUrl}" width="1100" height="900" title="Growth"></iframe></body></html>`);
    });
    // The browser asks the top-level origin for a favicon; answer it so a 404 in the console means something.
    site.get('/favicon.ico', (_req, res) => void res.status(204).end());
    host = await listen(site);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    for (const one of [host, northstar]) if (one) await new Promise<void>((resolve) => one.server.close(() => resolve()));
    await storage.dispose();
  });

  it('renders every chart as inline SVG inside the iframe, with its data points, loading nothing else and breaking no CSP rule', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
    const problems: string[] = [];
    const requested: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(host.origin);
    const frame = page.frames().find((candidate) => candidate.url() === embedUrl) ?? (await (await page.waitForSelector('#embed')).contentFrame());
    expect(frame?.url()).toBe(embedUrl);
    await frame!.waitForSelector('svg.chart-line');

    expect(await frame!.locator('h1').textContent()).toBe('Growth <b>board</b>');
    expect(await frame!.locator('figure.widget').count()).toBe(7);
    for (const type of ['line', 'bar', 'area', 'number', 'funnel', 'retention']) {
      const box = await frame!.locator(`svg.chart-${type}`).boundingBox();
      expect(box, type).not.toBeNull();
      expect(box!.width, type).toBeGreaterThan(200);
      expect(box!.height, type).toBeGreaterThan(40);
    }
    const values = (selector: string) => frame!.locator(selector).evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-value'))));
    expect(await values('svg.chart-line circle.point')).toEqual(SIGNUPS);
    expect(await values('svg.chart-area circle.point')).toEqual(SIGNUPS);
    expect(await values('svg.chart-bar rect.point')).toEqual(SIGNUPS);
    expect(await values('table.chart-table td.point')).toEqual(SIGNUPS);
    expect(await frame!.locator('svg.chart-number text.number').textContent()).toBe('6');
    // The funnel: 6 people signed up, 2 of them purchased; the retention grid: one row per daily cohort
    // (sizes 1, 3, 2), the periods still to come left out.
    expect(await values('svg.chart-funnel rect.point')).toEqual([6, 2]);
    expect(await values('svg.chart-retention g.cohort rect.point:first-of-type')).toEqual(SIGNUPS);
    expect(await frame!.locator('svg.chart-retention rect.point').count()).toBe(6);
    // Bars are drawn to scale: the tallest is the day of 3 signups.
    const heights = await frame!.locator('svg.chart-bar rect.point').evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('height'))));
    expect(heights[1]).toBeGreaterThan(heights[2]!);
    expect(heights[2]).toBeGreaterThan(heights[0]!);
    // The style sheet applied (allowed by its hash): figures have their border.
    expect(
      await frame!
        .locator('figure.widget')
        .first()
        .evaluate((node) => getComputedStyle(node).borderTopStyle),
    ).toBe('solid');

    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}embed.png`, fullPage: true });
    expect(requested.filter((url) => url !== `${host.origin}/` && url !== embedUrl)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
