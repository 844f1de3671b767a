import { request } from '../transport.js';
import type { Transport } from '../transport.js';
import { parseFlagDefinition } from './local-evaluation.js';
import type { FlagDefinition } from './local-evaluation.js';

/** The flags of one project, as last fetched; refreshed on an interval. */
export interface FlagDefinitions {
  /** Every flag of the project by key (inactive ones included); undefined until a fetch succeeded. */
  current(): ReadonlyMap<string, FlagDefinition> | undefined;
  /** Fetches now; resolves when done (a failure keeps the previous definitions). */
  reload(): Promise<void>;
  stop(): void;
}

/** Flags per page: the API's largest page. */
const PAGE = 100;

/**
 * Reads `GET /v1/projects/:projectId/flags` page by page with the secret key (scope `read`), then again
 * every `interval` ms. The timer does not keep a Node process alive.
 */
export function createFlagDefinitions(t: Transport, host: string, secretKey: string, projectId: number, interval: number): FlagDefinitions {
  let flags: Map<string, FlagDefinition> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  const fetchAll = async (): Promise<Map<string, FlagDefinition> | undefined> => {
    const found = new Map<string, FlagDefinition>();
    let after: number | undefined;
    do {
      const query = `limit=${PAGE}${after === undefined ? '' : `&after=${after}`}`;
      const res = await request(t, `${host}/v1/projects/${projectId}/flags?${query}`, { method: 'GET', headers: { Authorization: `Bearer ${secretKey}` } });
      const page = res?.body as { items?: unknown; next?: unknown } | undefined;
      if (res?.status !== 200 || !Array.isArray(page?.items)) return undefined;
      for (const item of page.items) {
        const flag = parseFlagDefinition(item);
        if (flag) found.set(flag.key, flag);
      }
      after = typeof page.next === 'number' ? page.next : undefined;
    } while (after !== undefined);
    return found;
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void reload(), interval);
    (timer as { unref?: () => void }).unref?.();
  };

  const reload = (): Promise<void> =>
    (running ??= fetchAll()
      .then((next) => {
        if (next) flags = next;
      })
      .finally(() => {
        running = undefined;
        clearTimeout(timer);
        schedule();
      }));

  void reload();
  return {
    current: () => flags,
    reload,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
