import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import type { TrackedEvent } from '@northstar/core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { startCli } from './cli-process.js';
import type { CliServer } from './cli-process.js';

export interface CliAndChromium {
  /** The data directory of the server: its SQLite file `data.db`, for tests that read what was stored. */
  readonly dataDir: string;
  /** The built `northstar-server` in a process of its own; set once the suite's beforeAll has run. */
  readonly server: CliServer;
  readonly browser: Browser;
}

/** Starts the built CLI server on a fresh data directory, and Chromium, before the suite; stops and removes both after it. */
export function useCliAndChromium(prefix: string): CliAndChromium {
  const started: { dataDir?: string; server?: CliServer; browser?: Browser } = {};
  beforeAll(async () => {
    started.dataDir = await mkdtemp(join(tmpdir(), prefix));
    [started.server, started.browser] = await Promise.all([startCli(started.dataDir), launchChromium()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
    if (started.dataDir) await rm(started.dataDir, { recursive: true, force: true });
  });
  const get = <K extends keyof typeof started>(key: K): NonNullable<(typeof started)[K]> => {
    const value = started[key];
    if (value === undefined) throw new Error(`${key} is set in beforeAll`);
    return value;
  };
  return {
    get dataDir() {
      return get('dataDir');
    },
    get server() {
      return get('server');
    },
    get browser() {
      return get('browser');
    },
  };
}

/** The events the SDK of `context`'s pages sends in `{ batch }` bodies to `/v1/track`, as they go out. */
export function sentEvents(context: BrowserContext): TrackedEvent[] {
  const sent: TrackedEvent[] = [];
  context.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/v1/track') && body.includes('"batch"')) sent.push(...(JSON.parse(body) as { batch: TrackedEvent[] }).batch);
  });
  return sent;
}
