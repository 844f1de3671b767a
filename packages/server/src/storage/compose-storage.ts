import type { DetachablePort, PortName, StorageAdapter, StoragePorts } from '../ports/index.js';

/** An adapter lending ports to `composeStorage`: any subset of the ports, with a name and `dispose`. */
export type PortSource = Partial<StoragePorts> & Pick<StorageAdapter, 'name' | 'dispose'>;

/** For each port taken from another adapter than the base, that adapter. */
export type PortSources = { [P in PortName]?: PortSource };

/** The ports an adapter's type says it certainly provides. */
type PortsOf<A> = { [P in PortName]-?: A extends Record<P, StoragePorts[P]> ? P : never }[PortName];

/** What `composeStorage` returns: an adapter with the ports of the base and those named in the sources. */
export type ComposedStorage<B extends StorageAdapter, S extends PortSources> = StorageAdapter & Pick<StoragePorts, PortsOf<B> | (keyof S & PortName)>;

const PORT_NAMES = ['eventLog', 'queryEngine', 'people', 'replays', 'config', 'rateLimits', 'jobs'] as const satisfies readonly PortName[];

/** The method a detached port needs so that a GDPR deletion reaches it. */
const PERSON_DELETION: Record<DetachablePort, string> = { eventLog: 'deletePersonEvents', replays: 'deletePersonSessions' };

function refuse(message: string): never {
  throw new TypeError(`composeStorage: ${message}`);
}

/** Disposes each adapter once, all of them even when one fails; rethrows the failure(s) afterwards. */
async function disposeAll(adapters: readonly PortSource[]): Promise<void> {
  const failures: unknown[] = [];
  for (const adapter of adapters) await adapter.dispose().catch((error: unknown) => failures.push(error));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'composeStorage: several adapters failed to dispose');
}

/**
 * One storage adapter made of the ports of several: each port named in `sources` comes from the adapter
 * given for it, every other port from `base` (whose `config` is used unless `sources.config` says
 * otherwise). For example, events and queries in a columnar adapter, everything else in SQL:
 *
 * ```ts
 * const storage = composeStorage(await createSqlStorage({ url }), { eventLog: columnar, queryEngine: columnar });
 * ```
 *
 * `dispose()` disposes each distinct adapter once. Throws a `TypeError` at once when a source lacks the
 * port it is named for, when `eventLog` and `queryEngine` come from different adapters (an engine queries
 * its own adapter's events), or when the event log or the replay store does not come from the
 * `PersonStore`'s adapter and lacks `deletePersonEvents` / `deletePersonSessions`, without which a GDPR
 * deletion could not reach it. Such detached ports are listed in `detachedFromPeople`; a query engine
 * apart from the `PersonStore` counts each event's own `user_id` (else `device_id`) as the person.
 */
export function composeStorage<B extends StorageAdapter, S extends PortSources>(base: B, sources: S): ComposedStorage<B, S> {
  const from = (port: PortName): PortSource => (sources as PortSources)[port] ?? base;
  const ports: Partial<StoragePorts> = {};
  for (const port of PORT_NAMES) {
    const value = from(port)[port];
    if (value === undefined && from(port) !== base) refuse(`${from(port).name} has no ${port} port`);
    if (value !== undefined) Object.assign(ports, { [port]: value });
  }
  if (ports.eventLog && ports.queryEngine && from('eventLog') !== from('queryEngine')) {
    refuse(`eventLog comes from ${from('eventLog').name} but queryEngine from ${from('queryEngine').name}; an engine queries its own adapter's events`);
  }
  const detachedFromPeople = (['eventLog', 'replays'] as const).filter((port) => ports.people && ports[port] && from(port) !== from('people'));
  for (const port of detachedFromPeople) {
    const method = PERSON_DELETION[port];
    if (typeof (ports[port] as unknown as Record<string, unknown>)[method] !== 'function') {
      refuse(`${port} of ${from(port).name} is apart from the people of ${from('people').name} and has no ${method}, so a GDPR deletion could not reach it`);
    }
  }
  const config = ports.config ?? refuse(`${from('config').name} has no config port`);
  const adapters = [...new Set([base, ...Object.values(sources)])];
  const composed: StorageAdapter = {
    ...ports,
    name: adapters.map((adapter) => adapter.name).join('+'),
    config,
    detachedFromPeople,
    dispose: () => disposeAll(adapters),
  };
  // Every port of the base and every named source is in `ports`: a missing named one was refused above.
  return composed as ComposedStorage<B, S>;
}
