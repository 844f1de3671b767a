import type { CliServer } from './cli-process.js';
import type { DemoProject } from './server.js';
import { startIngesting, waitForCount } from './ingest-client.js';
import { totalToday } from './query.js';
import { missingEvents } from './stored-events.js';

export interface KillOutcome {
  /** The demo project before the kill, and after the restart on the same database. */
  before: DemoProject;
  after: DemoProject;
  /** Uuids the killed server answered 200 for. */
  acked: string[];
  /** Requests that failed because the process died under them. */
  failures: number;
  /** `total` of the probe event today, counted by the restarted server. */
  countedAfterRestart: number;
  /** Acked uuids absent from the database (must be none). */
  missing: string[];
}

/**
 * Ingests concurrently into a started CLI, SIGKILLs it once `minAcked` events were answered 200,
 * restarts it on the same database and reports what survived. Servers are always stopped.
 */
export async function killDuringIngestion(start: () => Promise<CliServer>, databaseUrl: string, minAcked = 2_000): Promise<KillOutcome> {
  let server: CliServer | undefined = await start();
  try {
    const before = server.demo;
    const ingest = startIngesting({ url: before.url, pk: before.pk });
    await waitForCount(() => ingest.acked.length, minAcked);
    await server.kill();
    await ingest.stop();

    server = await start();
    const after = server.demo;
    const countedAfterRestart = await totalToday(after, 'ingest_probe');
    await server.stop();
    server = undefined;
    const acked = [...ingest.acked];
    return { before, after, acked, failures: ingest.failures, countedAfterRestart, missing: await missingEvents(databaseUrl, before.project_id, acked) };
  } finally {
    await server?.stop();
  }
}
