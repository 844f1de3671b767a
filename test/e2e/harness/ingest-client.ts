import { randomUUID } from 'node:crypto';

export interface IngestRun {
  /** uuids of the events the server answered 200 for. */
  acked: string[];
  /** Requests answered with anything but 200, or failed in transport. */
  failures: number;
  /** Stops the workers and waits for their last requests. */
  stop(): Promise<void>;
}

export interface IngestOptions {
  /** Base URL of the router. */
  url: string;
  pk: string;
  /** Concurrent clients. @default 16 */
  workers?: number;
  /** Events per request. @default 20 */
  batchSize?: number;
  /** @default 'ingest_probe' */
  eventName?: string;
}

/** Sends `{ batch }` requests from several concurrent workers until stopped, remembering what was acknowledged. */
export function startIngesting(options: IngestOptions): IngestRun {
  const { url, pk, workers = 16, batchSize = 20, eventName = 'ingest_probe' } = options;
  const run = { acked: [] as string[], failures: 0 };
  let running = true;
  const worker = async (): Promise<void> => {
    while (running) {
      const batch = Array.from({ length: batchSize }, () => ({ event_name: eventName, device_id: randomUUID(), uuid: randomUUID() }));
      try {
        const response = await fetch(`${url}/v1/track`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-Key': pk },
          body: JSON.stringify({ batch }),
        });
        await response.text();
        if (response.status === 200) run.acked.push(...batch.map((event) => event.uuid));
        else run.failures += 1;
      } catch {
        run.failures += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return Object.assign(run, {
    stop: async () => {
      running = false;
      await done;
    },
  });
}

/** Resolves once `read()` is at least `count`. */
export async function waitForCount(read: () => number, count: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (read() < count) {
    if (Date.now() > deadline) throw new Error(`only ${read()} of ${count} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
