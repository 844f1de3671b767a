import { afterEach, beforeEach, describe } from 'vitest';
import type { PortName } from '@northstar/server';
import type { ConformanceContext, PortAdapter, StorageFactory } from './conformance-context.js';
import { isDurable, portsOf, providedPorts } from './conformance-context.js';
import { PORT_SUITES, suitesFor } from './port-suites.js';

export interface ConformanceOptions {
  /**
   * The ports the adapter provides: the runner registers the suite of each (see `PORT_SUITES`) and
   * no other, and registers a case needing a second port only when that port is listed too.
   * @default the ports of one adapter made by `factory` while the suites are collected (then disposed)
   */
  ports?: readonly PortName[];
}

/** What one adapter of `factory` is: its ports (every port with a suite when it cannot be made here: its cases will report why) and whether it is durable. */
async function probe(factory: StorageFactory): Promise<{ ports: PortName[]; durable: boolean }> {
  let adapter: PortAdapter;
  try {
    adapter = await factory();
  } catch {
    return { ports: PORT_SUITES.map((suite) => suite.port), durable: false };
  }
  try {
    return { ports: providedPorts(adapter), durable: isDurable(adapter) };
  } finally {
    await adapter.dispose();
  }
}

/**
 * The storage conformance suites: every adapter's test file calls this once, then adds its own cases.
 * It runs one suite per port the adapter provides, read from an adapter of `factory` or declared in
 * `options.ports` (the unstorage `testDriver` idea, with capability flags). Each test gets a fresh
 * adapter from `factory`, disposed after the test.
 */
export function runStorageConformance(factory: StorageFactory, options: ConformanceOptions = {}): void {
  let current: PortAdapter | undefined;
  let provided: ReadonlySet<PortName> = new Set();
  let durable = false;
  const adapter = (): PortAdapter => {
    if (!current) throw new Error('No adapter: the conformance cases must run inside runStorageConformance');
    return current;
  };
  const context: ConformanceContext = {
    adapter,
    ports: () => portsOf(adapter()),
    provides: (...names) => names.every((name) => provided.has(name)),
    factory,
    durable: () => durable,
    async reopen() {
      const current = adapter();
      if (!current.reopen) throw new Error(`Adapter "${current.name}" has no reopen(), yet a durability case ran`);
      return portsOf(await current.reopen());
    },
  };

  describe('storage conformance', async () => {
    const probed = await probe(factory);
    provided = new Set(options.ports ?? probed.ports);
    durable = probed.durable;
    beforeEach(async () => {
      current = await factory();
    });
    afterEach(async () => {
      await current?.dispose();
      current = undefined;
    });
    for (const suite of suitesFor(provided)) describe(suite.name, () => suite.cases(context));
  });
}
