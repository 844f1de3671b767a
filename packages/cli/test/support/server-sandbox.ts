import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { startNorthstarServer } from '../../src/start-server.js';
import type { RunningServer, StartServerOptions } from '../../src/start-server.js';

export interface ServerSandbox {
  /** This test's temporary directory, made on first use. */
  dir(): Promise<string>;
  /** Starts the CLI's server with its data in `<dir>/data` and a quiet logger; `options` override. */
  start(options?: Partial<StartServerOptions>): Promise<RunningServer>;
  /** Closes `running` after the test, like the servers `start` made. */
  adopt(running: RunningServer): RunningServer;
}

/** Each test of the calling file gets its own directory and server, closed and removed after it. */
export function serverSandbox(prefix: string): ServerSandbox {
  let running: RunningServer | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await running?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    running = undefined;
    dir = undefined;
  });
  const sandbox: ServerSandbox = {
    async dir() {
      dir ??= await mkdtemp(join(tmpdir(), prefix));
      return dir;
    },
    async start(options = {}) {
      const dataDir = join(await sandbox.dir(), 'data');
      return sandbox.adopt(await startNorthstarServer({ port: 0, host: '127.0.0.1', dataDir, router: { logger: { error: () => {} } }, ...options }));
    },
    adopt(server) {
      running = server;
      return server;
    },
  };
  return sandbox;
}
