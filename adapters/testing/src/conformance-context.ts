import type { PortName, StoragePorts } from '@northstar/server';

/**
 * What the conformance suites test: any subset of the ports, with a `name` and `dispose()` (every
 * `StorageAdapter` is one). Ports of one adapter share its data.
 */
export type PortAdapter = Partial<StoragePorts> & {
  name: string;
  /** Releases connections and timers; the adapter is unusable afterwards. */
  dispose(): Promise<void>;
  /**
   * Another adapter on the same data, as a second process or a restart opens it: only an adapter
   * whose data outlives it (a database) has one. Disposing it leaves the data.
   */
  reopen?(): Promise<PortAdapter>;
};

/** Makes a fresh, empty adapter; the suites call it once per test and dispose what it returns. */
export type StorageFactory = () => PortAdapter | Promise<PortAdapter>;

/** What the cases of one port get from the runner. */
export interface ConformanceContext {
  /** The running test's adapter as it is (ports it lacks are `undefined`), for the fixture loaders. */
  adapter: () => PortAdapter;
  /** The ports of the running test's adapter; reading one the adapter does not provide throws. */
  ports: () => StoragePorts;
  /**
   * Whether the adapter under test provides every port named. A case that needs a second port (a
   * query case that links a device needs `people`) is registered only when this is true.
   */
  provides: (...names: PortName[]) => boolean;
  /** Another fresh, empty adapter of the kind under test (for cases comparing two); the case disposes it. */
  factory: StorageFactory;
  /** Whether the adapter under test keeps its data outside the process (`reopen`): cases of durability are registered only then. */
  durable: () => boolean;
  /** A second adapter on the running test's data (`PortAdapter.reopen`); the case disposes it. */
  reopen: () => Promise<StoragePorts & PortAdapter>;
}

/** Every port name, in the order the suites run. */
export const PORT_NAMES: readonly PortName[] = ['eventLog', 'queryEngine', 'people', 'replays', 'config', 'rateLimits', 'jobs'];

/** The ports an adapter object provides: its properties that are port names and hold a value. */
export function providedPorts(adapter: PortAdapter): PortName[] {
  return PORT_NAMES.filter((name) => adapter[name] !== undefined);
}

/** Whether the adapter has a `reopen`: its data outlives it. */
export function isDurable(adapter: PortAdapter): boolean {
  return typeof adapter.reopen === 'function';
}

/** The adapter seen as every port: destructuring a port it lacks throws a clear error instead of giving `undefined`. */
export function portsOf(adapter: PortAdapter): StoragePorts & PortAdapter {
  return new Proxy(adapter, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (value === undefined && PORT_NAMES.includes(key as PortName)) {
        throw new Error(`Adapter "${target.name}" provides no ${String(key)} port, yet a conformance case that needs it ran`);
      }
      return value;
    },
  }) as unknown as StoragePorts & PortAdapter;
}
