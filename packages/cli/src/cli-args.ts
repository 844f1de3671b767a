import { checkedPlan } from '@northstar/server/app';
import type { MemberRole, ProjectPlan } from '@northstar/server/app';
export type CliCommand = 'start' | 'worker' | 'migrate' | 'bootstrap' | 'create-account' | 'set-plan' | 'help';

export interface CliArgs {
  command: CliCommand;
  /** `bootstrap --json`: print only the JSON document. */
  json: boolean;
  /** `bootstrap --name <name>`: the new project's name; `create-account --name`: the person's name. */
  name?: string;
  /** `create-account --email <email>`. */
  email?: string;
  /** `create-account --password <password>` (lands in shell history: prefer the other two ways). */
  password?: string;
  /** `create-account --password-stdin`: the password is read from standard input. */
  passwordStdin?: true;
  /** `create-account --project <id>`: also make the account a member of this project. */
  project?: number;
  /** `create-account --role <role>` in `--project`. @default 'owner' */
  role?: MemberRole;
  /** `set-plan --plan <plan>`; `bootstrap --plan <plan>` (default: `NORTHSTAR_DEFAULT_PLAN`). */
  plan?: ProjectPlan;
}

const COMMANDS: readonly CliCommand[] = ['start', 'worker', 'migrate', 'bootstrap', 'create-account', 'set-plan', 'help'];
const ROLES: readonly MemberRole[] = ['owner', 'admin', 'member', 'viewer'];

export const USAGE = `Usage: northstar-server [command] [options]
       npm run -s northstar-server -- [command] [options]   (in a checkout of the Northstar repository)

Commands:
  start                      Migrate the database, then serve the API and a demo page (default)
  worker                     Migrate the database, then run the background job consumers (no HTTP)
                             until SIGINT or SIGTERM; same environment as start
  migrate                    Bring the database(s) to the latest schema and exit
  bootstrap --json [--name <name>] [--plan <plan>]
                             Create a project with an SDK key (pk_) and a secret key (sk_, all
                             scopes) and print { "project_id", "pk", "sk" } as JSON
  set-plan --project <id> --plan free|pro|enterprise
                             Change a project's plan, and so its rate limits (a running server applies
                             it within 10 s); the API lets no account or key do this. Prints
                             { "project_id", "plan", "previous_plan" } as JSON
  create-account --email <email> [--name <name>] [--project <id> [--role <role>]]
                 [--password-stdin | --password <password>]
                             Create an account that can sign in (POST /auth/login), optionally as a
                             member of a project (role owner unless --role admin|member|viewer), and
                             print { "account", "membership" } as JSON. The password comes from
                             standard input (--password-stdin), else NORTHSTAR_PASSWORD, else
                             --password (which shell history keeps); at least 8 characters

Options:
  -h, --help                 Show this help

Environment:
  DATABASE_URL               memory:, sqlite:<file> or mysql://user:pass@host:port/db
                             (default sqlite:<NORTHSTAR_DATA_DIR>/data.db)
  NORTHSTAR_EVENTS_DATABASE_URL
                             Another database for the event data (events, queries, people, replays),
                             as DATABASE_URL; DATABASE_URL keeps the configuration and the rate-limit
                             counters. start, worker and migrate open and migrate both (default: DATABASE_URL)
  NORTHSTAR_DATA_DIR         Where demo.json, jwt-secret, secrets-key and the default database live (default ./.northstar)
  NORTHSTAR_JWT_SECRET       Key of sign-in tokens, at least 32 bytes (default: generated once into
                             <NORTHSTAR_DATA_DIR>/jwt-secret, mode 0600); the same for every process
  NORTHSTAR_SECRETS_KEY      Key that encrypts webhook secrets: 32 bytes, as 64 hex characters or base64
                             (default: generated once into <NORTHSTAR_DATA_DIR>/secrets-key, mode 0600);
                             the same for every process, and kept: without it stored webhook secrets are lost
  NORTHSTAR_PASSWORD         Password of create-account when --password-stdin is not given
  NORTHSTAR_RATE_LIMITS      off, or JSON over the plan limits, e.g. {"plans":{"free":{"track":1000}}}
                             (default: free track 100/min, pro 1000/min, enterprise 60000/min; see docs/limits.md)
  NORTHSTAR_DEFAULT_PLAN     Plan of new projects: the demo project, bootstrap and POST /v1/projects
                             (default enterprise, sized for a busy site; free or pro for a host that sells plans)
  NORTHSTAR_WORKERS          off: start leaves webhook delivery to worker processes (default: start runs it too)
  NORTHSTAR_WEBHOOK_ALLOWED_NETWORKS
                             Comma-separated IPs or CIDRs webhook receivers may be in despite the SSRF deny
                             list, e.g. 10.0.0.0/8 for receivers on an internal network (default: none)
  PORT, HOST                 Where to listen (default 8787, 127.0.0.1)
`;

function optionValue(argv: readonly string[], index: number, flag: string): string {
  const value = argv[index];
  if (value === undefined || value === '') throw new Error(`${flag} needs a value`);
  return value;
}

function projectId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new Error(`--project must be a project id (a positive integer), got ${value}`);
  return Number(value);
}

function role(value: string): MemberRole {
  if (!(ROLES as readonly string[]).includes(value)) throw new Error(`--role must be one of ${ROLES.join(', ')}, got ${value}`);
  return value as MemberRole;
}

/** Reads `argv` (without node and the script). Throws on an unknown command or option. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { command: 'start', json: false };
  let commandSeen = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') args.command = 'help';
    else if (arg === '--json') args.json = true;
    else if (arg === '--name') args.name = optionValue(argv, (i += 1), arg);
    else if (arg === '--email') args.email = optionValue(argv, (i += 1), arg);
    else if (arg === '--password') args.password = optionValue(argv, (i += 1), arg);
    else if (arg === '--password-stdin') args.passwordStdin = true;
    else if (arg === '--project') args.project = projectId(optionValue(argv, (i += 1), arg));
    else if (arg === '--role') args.role = role(optionValue(argv, (i += 1), arg));
    else if (arg === '--plan') args.plan = checkedPlan(optionValue(argv, (i += 1), arg), '--plan');
    else if (!arg.startsWith('-') && !commandSeen && (COMMANDS as readonly string[]).includes(arg)) {
      commandSeen = true;
      if (args.command !== 'help') args.command = arg as CliCommand;
    } else throw new Error(`Unknown ${arg.startsWith('-') ? 'option' : 'command'} ${arg}\n\n${USAGE}`);
  }
  return args;
}
