#!/usr/bin/env node
import { parseCliArgs, USAGE } from './cli/cli-args.js';
import { readCliSettings } from './cli/cli-env.js';
import { queryCurl } from './cli/query-curl.js';
import { cliJwtSecret } from './cli/jwt-secret-file.js';
import { cliSecretsKey } from './cli/secrets-key-file.js';
import { CLI_UMASK, restrictDataFiles } from './cli/data-dir-modes.js';
import { runBootstrap, runCreateAccount, runMigrate, runSetPlan } from './cli/run-commands.js';
import { startNorthstarServer } from './cli/start-server.js';
import type { CliSettings } from './cli/cli-env.js';
import { storageFromUrl } from './storage/storage-from-url.js';

async function start(settings: CliSettings): Promise<void> {
  // Owner-only (0700, files 0600, also those an earlier version made 0644), before SQLite opens its file.
  await restrictDataFiles(settings.dataDir, settings.databaseUrl);
  const { storage, target } = await storageFromUrl(settings.databaseUrl);
  const jwtSecret = await cliJwtSecret(process.env, settings.dataDir);
  const secretsKey = await cliSecretsKey(process.env, settings.dataDir);
  const running = await startNorthstarServer({ ...settings, storage, router: { logger: console, jwtSecret, secretsKey, rateLimits: settings.rateLimits, defaultPlan: settings.defaultPlan } });
  const { url, demo, demoFile, demoReused } = running;
  const kept = target.kind === 'memory' ? 'data is lost on exit' : 'data is kept across restarts';
  console.log(`Northstar server listening on ${url}
  Storage       ${target.display} (${target.kind}, ${kept})

  Demo page     ${url}/
  OpenAPI       ${url}/v1/openapi.json
  SDK script    ${url}/sdk/northstar.js

  Project id    ${demo.project_id} (${demoReused ? 'kept from the last start' : 'new'})
  SDK key       ${demo.pk}
  Secret key    ${demo.sk}   (scopes: query, read)
  Saved to      ${demoFile}

Query today's unique visitors:
  ${queryCurl(url, demo.project_id, demo.sk)}
`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  // Files this process creates (SQLite's database and WAL, demo.json, key files) are the owner's alone.
  process.umask(CLI_UMASK);
  const args = parseCliArgs(process.argv.slice(2));
  const settings = readCliSettings(process.env);
  if (args.command === 'help') process.stdout.write(USAGE);
  else if (args.command === 'start') return start(settings);
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
