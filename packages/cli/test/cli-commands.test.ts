import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { authenticateApiKey } from '@northstar/server';
import { bootstrapProject } from '../src/bootstrap-project.js';
import { parseCliArgs } from '../src/cli-args.js';
import { writeDemoFile } from '../src/demo-file.js';
import { ensureDemoProject } from '../src/demo-project.js';
import { readCliSettings } from '../src/cli-env.js';
import { setProjectPlan } from '../src/set-plan-command.js';
import { parseDatabaseUrl } from '../src/storage/database-url.js';
import { storageFromUrl } from '../src/storage/storage-from-url.js';
import { postJson, startTestServer } from './support/test-server.js';

describe('northstar-server arguments', () => {
  it('starts the server when given no command, or "start"', () => {
    expect(parseCliArgs([])).toEqual({ command: 'start', json: false });
    expect(parseCliArgs(['start'])).toEqual({ command: 'start', json: false });
  });

  it('knows migrate, bootstrap --json --name and --help', () => {
    expect(parseCliArgs(['migrate']).command).toBe('migrate');
    expect(parseCliArgs(['bootstrap', '--json', '--name', 'Shop'])).toEqual({ command: 'bootstrap', json: true, name: 'Shop' });
    expect(parseCliArgs(['--help']).command).toBe('help');
    expect(parseCliArgs(['bootstrap', '-h']).command).toBe('help');
  });

  it('knows set-plan --project <id> --plan <plan>, and bootstrap --plan', () => {
    expect(parseCliArgs(['set-plan', '--project', '3', '--plan', 'pro'])).toEqual({ command: 'set-plan', json: false, project: 3, plan: 'pro' });
    expect(parseCliArgs(['bootstrap', '--plan', 'free']).plan).toBe('free');
    expect(() => parseCliArgs(['set-plan', '--project', '3', '--plan', 'platinum'])).toThrow('--plan must be one of free, pro, enterprise, got platinum');
  });

  it('refuses an unknown command or option with the usage', () => {
    expect(() => parseCliArgs(['serve'])).toThrow(/Unknown command serve[\s\S]*Usage: northstar-server/);
    expect(() => parseCliArgs(['--jsn'])).toThrow('Unknown option --jsn');
    expect(() => parseCliArgs(['bootstrap', '--name'])).toThrow('--name needs a value');
  });
});

describe('DATABASE_URL', () => {
  it('names memory, an SQLite file or a MySQL/MariaDB database', () => {
    expect(parseDatabaseUrl('memory:')).toMatchObject({ kind: 'memory' });
    expect(parseDatabaseUrl('sqlite:./.northstar/data.db')).toMatchObject({ kind: 'sqlite', url: 'sqlite:./.northstar/data.db' });
    expect(parseDatabaseUrl('sqlite::memory:')).toMatchObject({ kind: 'sqlite', url: 'sqlite::memory:' });
    expect(parseDatabaseUrl('mysql://root@127.0.0.1:3306/test')).toMatchObject({ kind: 'mysql', url: 'mysql://root@127.0.0.1:3306/test' });
    expect(parseDatabaseUrl('mariadb://root@db/ns')).toMatchObject({ kind: 'mysql', url: 'mysql://root@db/ns' });
  });

  it('never shows the password of a MySQL URL', () => {
    expect(parseDatabaseUrl('mysql://app:hunter2@db:3306/ns').display).toBe('mysql://app:***@db:3306/ns');
    expect(() => parseDatabaseUrl('postgres://app:hunter2@db/ns')).toThrow(/must start with memory:, sqlite: or mysql:\/\/.*\*\*\*/);
  });

  it('refuses a MySQL URL without a database and an SQLite URL without a path', () => {
    expect(() => parseDatabaseUrl('mysql://root@127.0.0.1:3306')).toThrow('needs a database name');
    expect(() => parseDatabaseUrl('sqlite:')).toThrow('needs a file path');
  });

  it('opens SQLite through @northstar/adapter-sql with the schema migrated', async () => {
    const { storage, target } = await storageFromUrl('sqlite::memory:');
    try {
      expect(target.kind).toBe('sqlite');
      expect((await storage.config.createProject({ name: 'P', plan: 'free' })).id).toBe(1);
    } finally {
      await storage.dispose();
    }
  });

  it('opens the memory adapter for memory:', async () => {
    const { storage, target } = await storageFromUrl('memory:');
    expect(target.kind).toBe('memory');
    expect(storage.name).toBe('memory');
    await storage.dispose();
  });
});

describe('the demo project', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'northstar-demo-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is kept across starts on the same database when demo.json holds its valid keys', async () => {
    const storage = createMemoryStorage();
    const first = await ensureDemoProject(storage, dir);
    await writeDemoFile(dir, { ...first.demo, url: 'http://x' });
    const second = await ensureDemoProject(storage, dir);
    expect(first.reused).toBe(false);
    expect(second).toEqual({ demo: first.demo, reused: true });
    expect(await storage.config.getProject(2)).toBeUndefined();
  });

  it('is created anew when demo.json names keys this database does not know', async () => {
    const old = await ensureDemoProject(createMemoryStorage(), dir);
    await writeDemoFile(dir, { ...old.demo, url: 'http://x' });
    const storage = createMemoryStorage();
    await storage.config.createProject({ name: 'Other', plan: 'free' });
    const fresh = await ensureDemoProject(storage, dir);
    expect(fresh.reused).toBe(false);
    expect(fresh.demo.pk).not.toBe(old.demo.pk);
    expect(fresh.demo.project_id).toBe(2);
  });

  it('is created when demo.json is missing or unreadable', async () => {
    expect((await ensureDemoProject(createMemoryStorage(), join(dir, 'nowhere'))).reused).toBe(false);
  });
});

describe('northstar-server bootstrap', () => {
  it('creates a project with an SDK key and a secret key holding every scope, stored hashed', async () => {
    const storage = createMemoryStorage();
    const created = await bootstrapProject(storage, 'Shop');
    expect(created).toEqual({ project_id: 1, pk: expect.stringMatching(/^pk_/), sk: expect.stringMatching(/^sk_/) });
    expect((await storage.config.getProject(1))?.name).toBe('Shop');
    const sk = await authenticateApiKey(storage.config, created.sk);
    expect(sk?.scopes.sort()).toEqual(['admin', 'query', 'read', 'write']);
    expect(sk?.hash).not.toContain(created.sk.slice(3));
    expect((await authenticateApiKey(storage.config, created.pk))?.kind).toBe('pk');
  });
});

describe('the plan of new projects', () => {
  it('is enterprise unless NORTHSTAR_DEFAULT_PLAN names another, for bootstrap, the demo project and the router', async () => {
    expect(readCliSettings({}).defaultPlan).toBe('enterprise');
    expect(readCliSettings({ NORTHSTAR_DEFAULT_PLAN: 'free' }).defaultPlan).toBe('free');
    expect(() => readCliSettings({ NORTHSTAR_DEFAULT_PLAN: 'gold' })).toThrow('NORTHSTAR_DEFAULT_PLAN must be one of free, pro, enterprise, got gold');
    const storage = createMemoryStorage();
    expect((await storage.config.getProject((await bootstrapProject(storage)).project_id))?.plan).toBe('enterprise');
    expect((await storage.config.getProject((await bootstrapProject(storage, 'Shop', 'pro')).project_id))?.plan).toBe('pro');
    const dir = await mkdtemp(join(tmpdir(), 'northstar-plan-'));
    try {
      expect((await storage.config.getProject((await ensureDemoProject(storage, dir)).demo.project_id))?.plan).toBe('enterprise');
      expect((await storage.config.getProject((await ensureDemoProject(storage, dir, 'free')).demo.project_id))?.plan).toBe('free');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('northstar-server set-plan', () => {
  it('changes the plan of a project, and with it the limits the running server applies', async () => {
    const api = await startTestServer({ demoPlan: 'free', rateLimits: { planCacheMs: 0 } });
    try {
      const track = () => postJson(`${api.url}/v1/track`, { event_name: 'e', device_id: 'd' }, { 'X-API-Key': api.demo.pk });
      expect((await track()).headers.get('ratelimit-limit')).toBe('100');
      expect(await setProjectPlan(api.storage, api.demo.project_id, 'pro')).toEqual({ project_id: api.demo.project_id, plan: 'pro', previous_plan: 'free' });
      expect((await track()).headers.get('ratelimit-limit')).toBe('1000');
    } finally {
      await api.close();
    }
  });

  it('refuses a project that does not exist', async () => {
    await expect(setProjectPlan(createMemoryStorage(), 42, 'pro')).rejects.toThrow('Project 42 not found');
  });
});
