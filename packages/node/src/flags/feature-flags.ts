import type { Transport } from '../transport.js';
import type { TrackMessage } from '../messages.js';
import type { ResolvedOptions } from '../options.js';
import { createFlagDefinitions } from './flag-definitions.js';
import type { FlagQuery, FlagValue } from './flag-types.js';
import { evaluateLocally } from './local-evaluation.js';
import { evaluateRemotely } from './remote-flags.js';

export interface FeatureFlags {
  get(key: string, query: FlagQuery): Promise<FlagValue>;
  all(query: FlagQuery): Promise<Record<string, FlagValue>>;
  reload(): Promise<void>;
  stop(): void;
}

/** People × flags × values remembered to send `$feature_flag_called` once each; forgotten all at once past this. */
const MAX_EXPOSURES = 50_000;

/**
 * Feature flags for the client: evaluated locally from definitions fetched with the secret key when
 * there is one (the server is asked only about flags the definitions cannot decide), else by
 * `POST /v1/flags/evaluate`. A failed evaluation is false. The first value a person gets of a flag is
 * sent as `$feature_flag_called` with `$feature/<key>`, the exposure of experiments.
 */
export function createFeatureFlags(o: ResolvedOptions, t: Transport, track: (message: TrackMessage) => boolean): FeatureFlags {
  const definitions = o.secretKey && o.projectId !== undefined ? createFlagDefinitions(t, o.host, o.secretKey, o.projectId, o.flagsRefreshInterval) : undefined;
  const exposures = new Set<string>();

  const expose = (key: string, query: FlagQuery, personId: string, value: FlagValue, source: 'local' | 'remote'): void => {
    if (!o.sendFeatureFlagEvents) return;
    const id = JSON.stringify([personId, key, value]);
    if (exposures.has(id)) return;
    if (exposures.size >= MAX_EXPOSURES) exposures.clear();
    exposures.add(id);
    track({
      event: '$feature_flag_called',
      ...(query.userId ? { userId: query.userId } : {}),
      ...(query.deviceId ? { deviceId: query.deviceId } : {}),
      properties: { $feature_flag: key, [`$feature/${key}`]: String(value), $feature_flag_source: source },
    });
  };

  const personOf = (query: FlagQuery | undefined): string | undefined => query?.userId || query?.deviceId || undefined;

  return {
    async get(key, query) {
      const personId = personOf(query);
      if (!personId || typeof key !== 'string') return false;
      const flags = definitions?.current();
      if (flags) {
        const flag = flags.get(key);
        const local = flag ? evaluateLocally(flag, query, personId, !query.onlyLocal) : false;
        if (local !== undefined) {
          expose(key, query, personId, local, 'local');
          return local;
        }
      }
      if (query.onlyLocal) return false;
      const remote = (await evaluateRemotely(t, o.host, o.apiKey, [key], query))?.[key];
      if (remote === undefined) return false;
      expose(key, query, personId, remote, 'remote');
      return remote;
    },
    async all(query) {
      const personId = personOf(query);
      if (!personId) return {};
      const flags = definitions?.current();
      const values: Record<string, FlagValue> = {};
      const undecided: string[] = [];
      for (const flag of flags?.values() ?? []) {
        if (!flag.active) continue;
        const local = evaluateLocally(flag, query, personId, !query.onlyLocal);
        if (local === undefined) undecided.push(flag.key);
        else values[flag.key] = local;
      }
      if (query.onlyLocal) return values;
      // Without definitions the server answers for every active flag; with them, for the undecided ones only.
      if (flags && !undecided.length) return values;
      const remote = await evaluateRemotely(t, o.host, o.apiKey, flags ? undecided : undefined, query);
      return { ...values, ...remote };
    },
    reload: () => definitions?.reload() ?? Promise.resolve(),
    stop: () => definitions?.stop(),
  };
}
