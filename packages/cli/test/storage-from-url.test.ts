import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative as relativePath } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import type * as SqlAdapter from '@northstar/adapter-sql';
import { storageBanner } from '../src/storage-banner.js';
import { EVENT_PORTS, eventPortsAt } from '../src/storage/database-ports.js';
import { parseDatabaseUrl } from '../src/storage/database-url.js';
import { migrateDatabase, storageFromUrl } from '../src/storage/storage-from-url.js';
import type { OpenedDatabase } from '../src/storage/storage-from-url.js';

/** A module loader in which `missing` is not installed, as Node reports it. */
function without(missing: string) {
  return (specifier: string): Promise<unknown> => {
    if (specifier === missing)
      return Promise.reject(Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/cli.js`), { code: 'ERR_MODULE_NOT_FOUND' }));
    return import(specifier) as Promise<unknown>;
  };
}

describe('storage from a database URL, when the optional storage packages are not installed', () => {
  it.each([
    ['sqlite:/nonexistent-northstar-dir/data.db', 'npm install @northstar/adapter-sql knex better-sqlite3'],
    ['mysql://root@127.0.0.1:3306/northstar', 'npm install @northstar/adapter-sql knex mysql2'],
    ['memory:', 'npm install @northstar/adapter-memory'],
  ])('names the packages %s needs: %s', async (url, command) => {
    const missing = url === 'memory:' ? '@northstar/adapter-memory' : '@northstar/adapter-sql';
    await expect(storageFromUrl(url, true, without(missing))).rejects.toThrow(`${missing} is not installed: ${command}`);
  });

  it('says the same when migrating', async () => {
    await expect(migrateDatabase('sqlite:/nonexistent-northstar-dir/data.db', without('@northstar/adapter-sql'))).rejects.toThrow(
      'npm install @northstar/adapter-sql knex better-sqlite3',
    );
  });

  it('passes other loading errors through unchanged', async () => {
    const broken = () => Promise.reject(new Error('native binding failed'));
    await expect(storageFromUrl('memory:', true, broken)).rejects.toThrow('native binding failed');
  });

  it('opens memory storage with the packages installed', async () => {
    const { storage, target } = await storageFromUrl('memory:');
    expect(target.kind).toBe('memory');
    await storage.dispose?.();
  });
});

describe('storage from several database URLs (options.ports)', () => {
  let dir: string;
  let configUrl: string;
  let eventsUrl: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'northstar-urls-'));
    configUrl = `sqlite:${join(dir, 'config.db')}`;
    eventsUrl = `sqlite:${join(dir, 'events.db')}`;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /**
   * The real adapters, with each storage the SQL adapter opens recorded with its URL and a dispose spy;
   * the storage of `withoutJobsAt` has no job queue (an adapter lacking a port).
   */
  function recordingLoader(withoutJobsAt?: string) {
    const opened: { url: string; dispose: Mock }[] = [];
    const load = async (specifier: string): Promise<unknown> => {
      const module = (await import(specifier)) as typeof SqlAdapter;
      if (specifier !== '@northstar/adapter-sql') return module;
      return {
        ...module,
        createSqlStorage: async (options: { url: string }) => {
          const storage: SqlAdapter.SqlStorage = await module.createSqlStorage(options);
          if (options.url === withoutJobsAt) Reflect.deleteProperty(storage, 'jobs');
          opened.push({ url: options.url, dispose: vi.spyOn(storage, 'dispose') });
          return storage;
        },
      };
    };
    return { opened, load };
  }

  it('opens each distinct database once, names each with the ports it serves, and composes them', async () => {
    const { opened, load } = recordingLoader();
    const { storage, target, databases } = await storageFromUrl(configUrl, { ports: eventPortsAt(eventsUrl), load });
    try {
      expect(opened.map(({ url }) => url)).toEqual([configUrl, eventsUrl]);
      expect(target.url).toBe(configUrl);
      expect(databases).toEqual([
        { kind: 'sqlite', url: configUrl, display: configUrl, ports: ['config', 'rateLimits', 'jobs'] },
        { kind: 'sqlite', url: eventsUrl, display: eventsUrl, ports: ['eventLog', 'queryEngine', 'people', 'replays'] },
      ]);
      expect(storage.name).toBe(`${configUrl}+${eventsUrl}`);
    } finally {
      await storage.dispose();
    }
    expect(opened.map(({ dispose }) => dispose.mock.calls.length)).toEqual([1, 1]);
  });

  it('opens one database, uncomposed, when the ports name the main one, however spelled', async () => {
    const { opened, load } = recordingLoader();
    const relative = `sqlite:${relativePath(process.cwd(), join(dir, 'config.db'))}`;
    const { storage, databases } = await storageFromUrl(configUrl, { ports: eventPortsAt(relative), load });
    try {
      expect(opened).toHaveLength(1);
      expect(storage.name).toBe('sql:sqlite');
      expect(databases).toEqual([
        { kind: 'sqlite', url: configUrl, display: configUrl, ports: ['eventLog', 'queryEngine', 'people', 'replays', 'config', 'rateLimits', 'jobs'] },
      ]);
    } finally {
      await storage.dispose();
    }
  });

  it.each([
    [
      'an event log apart from its query engine',
      { eventLog: 'events' },
      "composeStorage: eventLog comes from EVENTS but queryEngine from CONFIG; an engine queries its own adapter's events",
    ],
    [
      'people apart from the event log and replays, which cannot erase a person',
      { people: 'events' },
      'composeStorage: eventLog of CONFIG is apart from the people of EVENTS and has no deletePersonEvents, so a GDPR deletion could not reach it',
    ],
    ['a port the database lacks', { jobs: 'events' }, 'composeStorage: EVENTS has no jobs port'],
  ] as const)("fails at once with composeStorage's message on %s, after closing every database it opened", async (_, where, message) => {
    const { opened, load } = recordingLoader(eventsUrl);
    const ports = Object.fromEntries(Object.keys(where).map((port) => [port, eventsUrl]));
    const failure = await storageFromUrl(configUrl, { ports, load }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toBe(message.replace('EVENTS', eventsUrl).replace('CONFIG', configUrl));
    expect(opened.map(({ dispose }) => dispose.mock.calls.length)).toEqual([1, 1]);
  });

  it('takes the event data from memory beside SQL configuration', async () => {
    const { storage, databases } = await storageFromUrl(configUrl, { ports: eventPortsAt('memory:') });
    try {
      expect(databases.map(({ display, ports }) => [display, ports])).toEqual([
        [configUrl, ['config', 'rateLimits', 'jobs']],
        ['memory:', ['eventLog', 'queryEngine', 'people', 'replays']],
      ]);
    } finally {
      await storage.dispose();
    }
  });

  it('says which URL of the ports is wrong', async () => {
    await expect(storageFromUrl(configUrl, { ports: { eventLog: 'postgres://db/ns' } })).rejects.toThrow(
      'ports.eventLog must start with memory:, sqlite: or mysql://',
    );
  });
});

describe('the storage line of the start and worker banners', () => {
  const describeIt = ({ display, kind }: OpenedDatabase) => `${display} (${kind})`;

  it('names the one database as before', () => {
    expect(storageBanner([{ kind: 'memory', url: 'memory:', display: 'memory:', ports: ['eventLog', 'config'] }], describeIt)).toBe(
      '  Storage       memory: (memory)',
    );
  });

  it('gives each of several databases a line with the parts of the data it holds, passwords hidden', () => {
    const databases: OpenedDatabase[] = [
      { kind: 'sqlite', url: 'sqlite:/data/config.db', display: 'sqlite:/data/config.db', ports: ['config', 'rateLimits'] },
      { ...parseDatabaseUrl('mysql://app:hunter2@db:3306/events'), ports: [...EVENT_PORTS] },
    ];
    expect(storageBanner(databases, describeIt)).toBe(
      '  Storage       sqlite:/data/config.db (sqlite): configuration, rate limits\n' +
        '                mysql://app:***@db:3306/events (mysql): event log, query engine, people, replays',
    );
  });
});
