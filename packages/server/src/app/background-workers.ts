/** Stops a running worker; resolves once the job in hand is finished. */
export type StopWorker = () => Promise<void>;

/**
 * A background consumer of the job queue, run by the worker process, never by a request: webhook
 * delivery, alert evaluation and replay retention (issue 15) plug in here.
 */
export interface BackgroundWorker {
  /** Shown in the worker's log, e.g. `webhook-delivery`. */
  name: string;
  /** Starts consuming; resolves once running, to the function that stops it. */
  start(): Promise<StopWorker>;
}

/** The background workers of an app (not to be confused with the `JobQueue` port's `JobConsumer`): registered when the app is built, started by the worker. */
export interface BackgroundWorkers {
  /** Adds a consumer; a second one with the same name is a programming error. */
  register(consumer: BackgroundWorker): void;
  /** The registered names, in registration order. */
  names(): string[];
  /** Starts every registered consumer that is not running yet. */
  start(): Promise<void>;
  /** Stops the running consumers, each after its job in hand. */
  stop(): Promise<void>;
}

export function createBackgroundWorkers(): BackgroundWorkers {
  const registered: BackgroundWorker[] = [];
  const running = new Map<string, StopWorker>();
  return {
    register(consumer) {
      if (registered.some((known) => known.name === consumer.name)) throw new Error(`A job consumer named ${consumer.name} is already registered`);
      registered.push(consumer);
    },
    names: () => registered.map((consumer) => consumer.name),
    async start() {
      for (const consumer of registered) {
        if (!running.has(consumer.name)) running.set(consumer.name, await consumer.start());
      }
    },
    async stop() {
      const stops = [...running.values()];
      running.clear();
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
