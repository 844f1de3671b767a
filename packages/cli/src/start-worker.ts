import { createNorthstarApp } from '@northstar/server/app';
import type { NorthstarApp, NorthstarAppOptions, StorageAdapter } from '@northstar/server/app';
export interface StartWorkerOptions {
  /** Already migrated; the worker disposes it when closed. */
  storage: StorageAdapter;
  /** The app's options, as `start` passes them to the router (`logger`, `jwtSecret`, `secretsKey`, ...). */
  app?: Omit<NorthstarAppOptions, 'storage'>;
}

export interface RunningWorker {
  app: NorthstarApp;
  /** Names of the job consumers it runs (none before issue 15's webhook, alert and retention workers). */
  consumers: string[];
  /** Stops the consumers, closes the app, disposes storage. */
  close(): Promise<void>;
}

/** Longest timer Node accepts; the idle timer only keeps the event loop alive. */
const IDLE_MS = 2_147_483_647;

/**
 * The worker process of `northstar-server worker`: the app without Express, running its job consumers
 * until `close()`. It stays up with no consumer too, so that a deployment can run it before it has work.
 */
export async function startNorthstarWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const app = createNorthstarApp({ ...options.app, storage: options.storage });
  await app.workers.start();
  const idle = setInterval(() => {}, IDLE_MS);
  return {
    app,
    consumers: app.workers.names(),
    async close() {
      clearInterval(idle);
      await app.close();
      await options.storage.dispose();
    },
  };
}
