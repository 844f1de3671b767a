export type CliCommand = 'start' | 'migrate' | 'bootstrap' | 'help';

export interface CliArgs {
  command: CliCommand;
  /** `bootstrap --json`: print only the JSON document. */
  json: boolean;
  /** `bootstrap --name <name>`: the new project's name. */
  name?: string;
}

const COMMANDS: readonly CliCommand[] = ['start', 'migrate', 'bootstrap', 'help'];

export const USAGE = `Usage: northstar-server [command] [options]

Commands:
  start                      Migrate the database, then serve the API and a demo page (default)
  migrate                    Bring the database to the latest schema and exit
  bootstrap --json [--name <name>]
                             Create a project with an SDK key (pk_) and a secret key (sk_, all
                             scopes) and print { "project_id", "pk", "sk" } as JSON

Options:
  -h, --help                 Show this help

Environment:
  DATABASE_URL               memory:, sqlite:<file> or mysql://user:pass@host:port/db
                             (default sqlite:<NORTHSTAR_DATA_DIR>/data.db)
  NORTHSTAR_DATA_DIR         Where demo.json and the default database live (default ./.northstar)
  PORT, HOST                 Where to listen (default 8787, 127.0.0.1)
`;

/** Reads `argv` (without node and the script). Throws on an unknown command or option. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { command: 'start', json: false };
  let commandSeen = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') args.command = 'help';
    else if (arg === '--json') args.json = true;
    else if (arg === '--name') {
      const name = argv[(i += 1)];
      if (name === undefined || name === '') throw new Error('--name needs a value');
      args.name = name;
    } else if (!arg.startsWith('-') && !commandSeen && (COMMANDS as readonly string[]).includes(arg)) {
      commandSeen = true;
      if (args.command !== 'help') args.command = arg as CliCommand;
    } else throw new Error(`Unknown ${arg.startsWith('-') ? 'option' : 'command'} ${arg}\n\n${USAGE}`);
  }
  return args;
}
