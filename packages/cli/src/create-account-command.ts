import type { Readable } from 'node:stream';
import type { CliArgs } from './cli-args.js';
import { accountView, createAccount } from '@northstar/server/app';
import type { AccountView, MemberRole, ScryptCost, StorageAdapter } from '@northstar/server/app';

export interface CreatedAccountOutput {
  account: AccountView;
  membership: { project_id: number; role: MemberRole } | null;
}

const PIPE_EXAMPLE = 'e.g. printf \'%s\' "$PASSWORD" | northstar-server create-account --password-stdin ..., or set NORTHSTAR_PASSWORD';

/**
 * Reads standard input to its end and drops one trailing line break (`echo` and here-strings add one).
 * A terminal is refused at once (nothing was piped, so reading would wait forever), and so is empty input.
 */
export async function readPasswordFrom(stream: Readable & { isTTY?: boolean }): Promise<string> {
  if (stream.isTTY) throw new Error(`--password-stdin needs the password piped in, not typed at a terminal: ${PIPE_EXAMPLE}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password === '') throw new Error(`--password-stdin read nothing from standard input: ${PIPE_EXAMPLE}`);
  return password;
}

/**
 * The password of `create-account`: standard input with `--password-stdin`, else `NORTHSTAR_PASSWORD`,
 * else `--password`. Giving two of the explicit ones is an error, so nothing is silently ignored.
 */
export async function createAccountPassword(args: CliArgs, env: NodeJS.ProcessEnv, stdin: Readable): Promise<string> {
  if (args.passwordStdin && args.password !== undefined) throw new Error('Give either --password-stdin or --password, not both');
  if (args.passwordStdin) return readPasswordFrom(stdin);
  if (env.NORTHSTAR_PASSWORD) return env.NORTHSTAR_PASSWORD;
  if (args.password !== undefined) return args.password;
  throw new Error('create-account needs a password: pipe it with --password-stdin, or set NORTHSTAR_PASSWORD (or --password)');
}

/**
 * `northstar-server create-account`: validates everything before writing (an unknown project creates
 * no account), then stores the account with a scrypt hash and, with `--project`, its membership.
 */
export async function createAccountCommand(storage: StorageAdapter, args: CliArgs, password: string, cost?: ScryptCost): Promise<CreatedAccountOutput> {
  if (!args.email) throw new Error('create-account needs --email <email>');
  if (args.role !== undefined && args.project === undefined) throw new Error('--role needs --project <id>');
  if (args.project !== undefined && !(await storage.config.getProject(args.project))) throw new Error(`Project ${args.project} not found`);
  const account = await createAccount(storage.config, { email: args.email, password, name: args.name ?? null }, cost);
  if (args.project === undefined) return { account: accountView(account), membership: null };
  const role = args.role ?? 'owner';
  await storage.config.addMembership({ account_id: account.id, project_id: args.project, role });
  return { account: accountView(account), membership: { project_id: args.project, role } };
}
