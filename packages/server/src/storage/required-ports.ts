import type { StorageAdapter, StoragePorts } from '../ports/index.js';

/** The ports the router cannot serve its API without. */
export const REQUIRED_PORTS = ['eventLog', 'queryEngine', 'people', 'replays', 'config'] as const;

export type RequiredPortName = (typeof REQUIRED_PORTS)[number];

/** A storage adapter with every port the router needs. */
export type ServedStorage = StorageAdapter & Pick<StoragePorts, RequiredPortName>;

/** Thrown when the router is created with storage that lacks a port it needs. */
export class MissingPortError extends TypeError {
  override name = 'MissingPortError';

  constructor(
    readonly storageName: string,
    readonly missing: readonly RequiredPortName[],
  ) {
    super(
      `Storage "${storageName}" does not provide ${missing.map((port) => `"${port}"`).join(', ')}: the router needs ${REQUIRED_PORTS.join(', ')} ` +
        '(compose adapters with composeStorage(base, { port: otherAdapter }))',
    );
  }
}

/** The storage, typed as having the required ports; throws `MissingPortError` naming those it lacks. */
export function requirePorts(storage: StorageAdapter): ServedStorage {
  const missing = REQUIRED_PORTS.filter((port) => storage[port] === undefined);
  if (missing.length > 0) throw new MissingPortError(storage.name, missing);
  return storage as ServedStorage;
}
