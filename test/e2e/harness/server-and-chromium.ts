import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { startServer, type RunningServer } from './server.js';

export interface ServerAndChromium {
  /** The built CLI server; set once the suite's beforeAll has run. */
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** Starts the built server and Chromium before the suite and stops both after it. */
export function useServerAndChromium(): ServerAndChromium {
  const started: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    [started.server, started.browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return {
    get server() {
      if (!started.server) throw new Error('the server starts in beforeAll');
      return started.server;
    },
    get browser() {
      if (!started.browser) throw new Error('Chromium starts in beforeAll');
      return started.browser;
    },
  };
}
