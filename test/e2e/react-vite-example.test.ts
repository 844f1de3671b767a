import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCliAndChromium } from './harness/cli-and-chromium.js';
import { hasChromium, requireOrSkip } from './harness/environment.js';
import { startNodeScript, type NodeProcess } from './harness/node-process.js';
import { pollUntil } from './harness/poll.js';
import { totalToday } from './harness/query.js';

const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../examples/react-vite', import.meta.url));
const runs = requireOrSkip('Chromium', hasChromium, 'apt-get install -y chromium');

describe.runIf(runs)('examples/react-vite: the React SDK in a Vite app, against the server of npm start', () => {
  const env = useCliAndChromium('northstar-react-vite-');
  let vite: NodeProcess;
  let origin: string;

  beforeAll(async () => {
    // The example's one command (`npm start -w examples/react-vite` runs `vite`), on the test server's data directory.
    vite = startNodeScript(VITE, { NORTHSTAR_DATA_DIR: env.dataDir, PORT: '0' }, [EXAMPLE]);
    [, origin] = (await vite.waitFor(/Local:\s+(http:\/\/\S+?)\/?\s/, 30_000)) as [string, string];
  });
  afterAll(async () => {
    await vite?.stop();
  });

  it('sends page views of its state-driven screens, a tracked click and an identify, first-party through /ns', async () => {
    const page = await env.browser.newPage();
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await page.goto(origin);
    await page.getByRole('button', { name: 'pricing' }).click({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Buy Pro' }).click();
    await page.getByRole('button', { name: 'Sign in as demo-user' }).click();
    await page.getByRole('button', { name: 'Sign out demo-user' }).waitFor();

    const { demo } = env.server;
    // The queue is sent in order, so once `buy` is stored the page views before it are too.
    await pollUntil(
      () => totalToday(demo, 'buy'),
      (n) => n >= 1,
      30_000,
    );
    // Strict Mode mounts twice: still one page view per screen.
    expect(await totalToday(demo, '$pageview')).toBe(2);
    expect(await totalToday(demo, 'buy')).toBe(1);
    expect(
      await pollUntil(
        () => totalToday(demo, '$identify'),
        (n) => n >= 1,
        30_000,
      ),
    ).toBe(1);
    expect(paths).toContain('/ns/v1/track');
    expect(paths).toContain('/ns/v1/identify');
    await page.close();
  });
});
