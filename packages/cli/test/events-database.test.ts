import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { databaseAvailable, selectedDatabases, testMysqlUrl } from '@northstar/adapter-testing';
import { USAGE } from '../src/cli-args.js';
import { readCliSettings } from '../src/cli-env.js';
import type { CliSettings } from '../src/cli-env.js';
import { openCliApp } from '../src/open-cli-storage.js';
import { runMigrate } from '../src/run-commands.js';
import { startNorthstarServer } from '../src/start-server.js';
import { countRows, hasTable, mysqlAdmin } from './support/database-rows.js';
import { serverSandbox } from './support/server-sandbox.js';
import { eventQuery, postJson } from './support/test-server.js';

// NORTHSTAR_EVENTS_DATABASE_URL: the event data in one database, the configuration in DATABASE_URL's.
// The events go to another SQLite file, and to MariaDB when NORTHSTAR_DBS names mysql (a database of
// this file's own, created by the server and dropped afterwards).
const kinds = selectedDatabases().filter((kind) => kind !== 'memory');
const available = new Map(await Promise.all(kinds.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));
const stamp = `${Date.now().toString(36)}_${process.pid}`;
const mysqlDatabases: string[] = [];

const sandbox = serverSandbox('northstar-events-db-');
afterAll(async () => {
  for (const name of mysqlDatabases) await mysqlAdmin(testMysqlUrl(), `DROP DATABASE IF EXISTS \`${name}\``);
});

/** The settings of `DATABASE_URL` = an SQLite file, `NORTHSTAR_EVENTS_DATABASE_URL` = a new database of `kind`. */
async function settingsFor(kind: 'sqlite' | 'mysql', test: string): Promise<{ settings: CliSettings; configUrl: string; eventsUrl: string }> {
  const dir = await sandbox.dir();
  const configUrl = `sqlite:${join(dir, 'config.db')}`;
  let eventsUrl = `sqlite:${join(dir, 'events.db')}`;
  if (kind === 'mysql') {
    const name = `ns_test_${stamp}_${test}`;
    mysqlDatabases.push(name);
    eventsUrl = new URL(name, testMysqlUrl()).href;
  }
  const env = { NORTHSTAR_DATA_DIR: join(dir, 'data'), DATABASE_URL: configUrl, NORTHSTAR_EVENTS_DATABASE_URL: eventsUrl, PORT: '0' };
  return { settings: readCliSettings(env), configUrl, eventsUrl };
}

describe.each(kinds)('NORTHSTAR_EVENTS_DATABASE_URL naming %s, configuration in another SQLite file', (kind) => {
  it.skipIf(!available.get(kind))(
    'tracks and queries through the started server, with the events and people in the events database only and the projects and keys in the configuration database only',
    async () => {
      const { settings, configUrl, eventsUrl } = await settingsFor(kind, 'start');
      const { storage, databases, app } = await openCliApp(settings);
      const { url, demo } = sandbox.adopt(await startNorthstarServer({ ...settings, storage, router: { ...app, logger: { error: () => {} } } }));
      const today = new Date().toISOString().slice(0, 10);
      for (const device of ['d1', 'd2'])
        expect((await postJson(`${url}/v1/track`, { event_name: '$pageview', device_id: device }, { 'X-API-Key': demo.pk })).status).toBe(200);
      expect(
        (await postJson(`${url}/v1/identify`, { device_id: 'd1', user_id: 'alice', user_properties: { plan: 'pro' } }, { 'X-API-Key': demo.pk })).status,
      ).toBe(200);
      const res = await postJson(`${url}/v1/api/query/events`, eventQuery(demo.project_id, ['$pageview'], today), { Authorization: `Bearer ${demo.sk}` });
      expect(res.body).toMatchObject({ series: [{ event: '$pageview', data: [{ date: today, value: 2 }] }] });

      expect(databases.map(({ url: where, ports }) => ({ url: where, ports }))).toEqual([
        { url: configUrl, ports: ['config', 'rateLimits', 'jobs'] },
        { url: eventsUrl, ports: ['eventLog', 'queryEngine', 'people', 'replays'] },
      ]);
      // The two page views and the $identify event of the identify call.
      expect(await countRows(eventsUrl, 'ns_events')).toBe(3);
      expect(await countRows(configUrl, 'ns_events')).toBe(0);
      expect(await countRows(eventsUrl, 'ns_device_links')).toBe(1);
      expect(await countRows(configUrl, 'ns_device_links')).toBe(0);
      expect(await countRows(configUrl, 'ns_projects')).toBe(1);
      expect(await countRows(eventsUrl, 'ns_projects')).toBe(0);
      expect(await countRows(configUrl, 'ns_api_keys')).toBe(2);
      expect(await countRows(eventsUrl, 'ns_api_keys')).toBe(0);
    },
  );

  it.skipIf(!available.get(kind))('is migrated by northstar-server migrate, with DATABASE_URL, each named in its output', async () => {
    const { settings, configUrl, eventsUrl } = await settingsFor(kind, 'migrate');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await runMigrate(settings);
      expect(log.mock.calls).toEqual([[`Migrated ${configUrl}`], [`Migrated ${eventsUrl}`]]);
    } finally {
      log.mockRestore();
    }
    for (const url of [configUrl, eventsUrl]) {
      expect(await hasTable(url, 'ns_events'), url).toBe(true);
      expect(await hasTable(url, 'ns_projects'), url).toBe(true);
    }
  });
});

describe('NORTHSTAR_EVENTS_DATABASE_URL', () => {
  it('is read beside DATABASE_URL, and absent when unset or empty', () => {
    expect(readCliSettings({ NORTHSTAR_EVENTS_DATABASE_URL: 'sqlite:/tmp/events.db' }).eventsDatabaseUrl).toBe('sqlite:/tmp/events.db');
    expect(readCliSettings({}).eventsDatabaseUrl).toBeUndefined();
    expect(readCliSettings({ NORTHSTAR_EVENTS_DATABASE_URL: '' }).eventsDatabaseUrl).toBeUndefined();
  });

  it('is refused at once, by its name, when it names no database the command knows', () => {
    expect(() => readCliSettings({ NORTHSTAR_EVENTS_DATABASE_URL: 'postgres://app:hunter2@db/ns' })).toThrow(
      /^NORTHSTAR_EVENTS_DATABASE_URL must start with memory:, sqlite: or mysql:\/\/, got postgres:\/\/app:\*\*\*@db\/ns$/,
    );
  });

  it('is described by northstar-server --help', () => {
    expect(USAGE).toMatch(/NORTHSTAR_EVENTS_DATABASE_URL\s+Another database for the event data/);
  });

  it('migrates one database once when it names the DATABASE_URL database', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await runMigrate(readCliSettings({ DATABASE_URL: 'memory:', NORTHSTAR_EVENTS_DATABASE_URL: 'memory:' }));
      expect(log.mock.calls).toEqual([['memory: has no schema to migrate']]);
    } finally {
      log.mockRestore();
    }
  });
});
