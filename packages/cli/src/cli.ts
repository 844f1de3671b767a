#!/usr/bin/env node
import { parseCliArgs, USAGE } from './cli-args.js';
import { readCliSettings } from './cli-env.js';
import { CLI_UMASK } from './data-dir-modes.js';
import { runBootstrap, runCreateAccount, runMigrate, runSetPlan } from './run-commands.js';

async function main(): Promise<void> {
  // Files this process creates (SQLite's database and WAL, demo.json, key files) are the owner's alone.
  process.umask(CLI_UMASK);
  const args = parseCliArgs(process.argv.slice(2));
  const settings = readCliSettings(process.env);
  if (args.command === 'help') process.stdout.write(USAGE);
  // Loaded on demand: only start imports Express, which the worker must never load.
  else if (args.command === 'start') return (await import('./start-command.js')).runStart(settings);
  else if (args.command === 'worker') return (await import('./worker-command.js')).runWorker(settings);
  else if (args.command === 'migrate') await runMigrate(settings);
  else if (args.command === 'create-account') await runCreateAccount(settings, args);
  else if (args.command === 'set-plan') await runSetPlan(settings, args);
  else await runBootstrap(settings, args.json, args.name, args.plan);
  // One-shot commands end here even if a driver left a handle open (the timer itself keeps nothing alive).
  setTimeout(() => process.exit(0), 1_000).unref();
}

main().catch((error: unknown) => {
  console.error('northstar-server failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
