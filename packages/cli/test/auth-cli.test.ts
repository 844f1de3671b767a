import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { verifyPassword } from '@northstar/server';
import type { StorageAdapter } from '@northstar/server';
import { parseCliArgs } from '../src/cli-args.js';
import { createAccountCommand, createAccountPassword } from '../src/create-account-command.js';
import { cliJwtSecret } from '../src/jwt-secret-file.js';
import { FAST_SCRYPT } from './support/test-server.js';

const noInput = () => Readable.from([]);

describe('northstar-server create-account arguments', () => {
  it('reads --email, --name, --project, --role and the password options', () => {
    expect(parseCliArgs(['create-account', '--email', 'a@b.co', '--name', 'Ada', '--project', '3', '--role', 'admin', '--password-stdin'])).toEqual({
      command: 'create-account',
      json: false,
      email: 'a@b.co',
      name: 'Ada',
      project: 3,
      role: 'admin',
      passwordStdin: true,
    });
    expect(parseCliArgs(['create-account', '--password', 'secret-pw']).password).toBe('secret-pw');
  });

  it('refuses a project that is not an id and an unknown role', () => {
    expect(() => parseCliArgs(['create-account', '--project', 'shop'])).toThrow('--project must be a project id');
    expect(() => parseCliArgs(['create-account', '--role', 'god'])).toThrow('--role must be one of owner, admin, member, viewer');
    expect(() => parseCliArgs(['create-account', '--email'])).toThrow('--email needs a value');
  });
});

describe('the create-account password', () => {
  it('comes from standard input with --password-stdin, without its trailing line break', async () => {
    const args = parseCliArgs(['create-account', '--password-stdin']);
    expect(await createAccountPassword(args, { NORTHSTAR_PASSWORD: 'from env' }, Readable.from(['piped pass', 'word\n']))).toBe('piped password');
  });

  it('comes from NORTHSTAR_PASSWORD before --password', async () => {
    expect(await createAccountPassword(parseCliArgs(['create-account', '--password', 'flag']), { NORTHSTAR_PASSWORD: 'from env' }, noInput())).toBe('from env');
    expect(await createAccountPassword(parseCliArgs(['create-account', '--password', 'flag']), {}, noInput())).toBe('flag');
  });

  it('fails at once with --password-stdin when standard input is a terminal, instead of waiting for input', async () => {
    const terminal = Object.assign(new Readable({ read() {} }), { isTTY: true });
    await expect(createAccountPassword(parseCliArgs(['create-account', '--password-stdin']), {}, terminal)).rejects.toThrow(
      '--password-stdin needs the password piped in',
    );
  });

  it('fails with --password-stdin when nothing was piped', async () => {
    await expect(createAccountPassword(parseCliArgs(['create-account', '--password-stdin']), {}, noInput())).rejects.toThrow(
      '--password-stdin read nothing from standard input',
    );
    await expect(createAccountPassword(parseCliArgs(['create-account', '--password-stdin']), {}, Readable.from(['\n']))).rejects.toThrow(
      '--password-stdin read nothing from standard input',
    );
  });

  it('is required, from one explicit source', async () => {
    await expect(createAccountPassword(parseCliArgs(['create-account']), {}, noInput())).rejects.toThrow('create-account needs a password');
    await expect(createAccountPassword(parseCliArgs(['create-account', '--password-stdin', '--password', 'x']), {}, noInput())).rejects.toThrow('not both');
  });
});

describe('northstar-server create-account', () => {
  let storage: StorageAdapter;
  beforeEach(() => {
    storage = createMemoryStorage();
  });
  afterEach(() => storage.dispose());

  const run = (argv: string[], password = 'a long password') => createAccountCommand(storage, parseCliArgs(['create-account', ...argv]), password, FAST_SCRYPT);

  it('stores the account with a scrypt hash and prints it without the hash', async () => {
    const out = await run(['--email', 'ada@example.com', '--name', 'Ada']);
    expect(out).toEqual({ account: { id: expect.any(Number), email: 'ada@example.com', name: 'Ada' }, membership: null });
    const stored = await storage.config.findAccountByEmail('ada@example.com');
    expect(stored?.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('a long password', stored!.password_hash)).toBe(true);
    expect(JSON.stringify(out)).not.toContain('scrypt');
  });

  it('makes the account owner of --project, or gives it --role', async () => {
    const project = await storage.config.createProject({ name: 'Shop', plan: 'free' });
    expect((await run(['--email', 'o@example.com', '--project', String(project.id)])).membership).toEqual({ project_id: project.id, role: 'owner' });
    expect((await run(['--email', 'v@example.com', '--project', String(project.id), '--role', 'viewer'])).membership).toEqual({
      project_id: project.id,
      role: 'viewer',
    });
  });

  it('creates nothing for an unknown project', async () => {
    await expect(run(['--email', 'o@example.com', '--project', '99'])).rejects.toThrow('Project 99 not found');
    expect(await storage.config.findAccountByEmail('o@example.com')).toBeUndefined();
  });

  it('refuses an email that exists in any case, a short password and a missing email', async () => {
    await run(['--email', 'ada@example.com']);
    await expect(run(['--email', 'ADA@example.com'])).rejects.toThrow('An account with this email already exists');
    await expect(run(['--email', 'b@example.com'], 'short')).rejects.toThrow('password must be at least 8 characters');
    await expect(run(['--email', 'not-an-email'])).rejects.toThrow('email must be an email address');
    await expect(run([])).rejects.toThrow('create-account needs --email');
    await expect(run(['--email', 'c@example.com', '--role', 'admin'])).rejects.toThrow('--role needs --project');
  });
});

describe('the CLI JWT secret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'northstar-jwt-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is generated once into <data dir>/jwt-secret, readable by the owner only, and reused', async () => {
    const first = await cliJwtSecret({}, dir);
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await cliJwtSecret({}, dir)).toBe(first);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(first);
  });

  it('comes from NORTHSTAR_JWT_SECRET when set, which must be 32 bytes or more', async () => {
    expect(await cliJwtSecret({ NORTHSTAR_JWT_SECRET: 'x'.repeat(32) }, dir)).toBe('x'.repeat(32));
    await expect(cliJwtSecret({ NORTHSTAR_JWT_SECRET: 'short' }, dir)).rejects.toThrow('NORTHSTAR_JWT_SECRET must be at least 32 bytes');
  });

  it('refuses a secret file that was cut short', async () => {
    await writeFile(join(dir, 'jwt-secret'), 'tiny\n');
    await expect(cliJwtSecret({}, dir)).rejects.toThrow('must be at least 32 bytes');
  });
});
