import type { CliSettings } from './cli-env.js';
import { openCliApp } from './open-cli-storage.js';
import { startNorthstarWorker } from './start-worker.js';
import { stopOnSignal } from './stop-on-signal.js';
import { storageBanner } from './storage-banner.js';

/**
 * `northstar-server worker`: the app of the same databases and environment as `start`, without
 * Express or a port, running the job consumers until SIGINT or SIGTERM.
 */
export async function runWorker(settings: CliSettings): Promise<void> {
  const { storage, databases, app } = await openCliApp(settings);
  const running = await startNorthstarWorker({ storage, app });
  // Before the log line, so that a signal sent once it appears finds the handler in place.
  stopOnSignal(() => running.close());
  const consumers = running.consumers.length > 0 ? running.consumers.join(', ') : 'none yet';
  console.log(`Northstar worker started (no HTTP)
${storageBanner(databases, ({ display, kind }) => `${display} (${kind})`)}
  Job consumers ${consumers}
`);
}
