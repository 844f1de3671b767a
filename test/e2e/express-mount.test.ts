import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness/chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { startNodeScript, type NodeProcess } from './harness/node-process.js';
import { pollUntil } from './harness/poll.js';
import { uniqToday } from './harness/query.js';
import type { DemoProject } from './harness/server.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/express-mount/server.mjs', import.meta.url));
const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

describe.runIf(runs)('examples/express-mount: the router mounted under /ns of a host app', () => {
  let shop: NodeProcess;
  let browser: Browser;
  let origin: string;
  let demo: DemoProject;

  beforeAll(async () => {
    shop = startNodeScript(EXAMPLE, { PORT: '0' });
    browser = await launchChromium();
    [, origin] = (await shop.waitFor(/under \/ns: (http:\/\/\S+)\//)) as [string, string];
    const [, sk, projectId] = (await shop.waitFor(/Bearer (sk_\S+)'[\s\S]*"project_id":(\d+)/)) as [string, string, string];
    demo = { url: `${origin}/ns`, sk, pk: '', project_id: Number(projectId) };
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('collects first-party: the page loads /ns/sdk/northstar.js and its pageview lands under /ns', async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${origin}/`);

    expect(
      await pollUntil(
        () => uniqToday(demo, '$pageview'),
        (n) => n > 0,
      ),
    ).toBe(1);
    expect(requests).toContain('/ns/sdk/northstar.js');
    expect(requests).toContain('/ns/v1/track');
    await page.close();
  });

  it('leaves the host app its own routes', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('My shop');
  });
});
