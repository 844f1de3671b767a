import { storageFromUrl, migrateDatabases } from './storage/storage-from-url.js';
import type { CliSettings } from './cli-env.js';
import { bootstrapProject } from './bootstrap-project.js';
import type { CliArgs } from './cli-args.js';
import { createAccountCommand, createAccountPassword } from './create-account-command.js';
import { cliDatabaseUrls } from './open-cli-storage.js';
import { setProjectPlan } from './set-plan-command.js';

/**
 * `northstar-server migrate`: the schema of `DATABASE_URL`, and of `NORTHSTAR_EVENTS_DATABASE_URL` when
 * set, is brought up to date; prints what it migrated, one line per database.
 */
export async function runMigrate(settings: CliSettings): Promise<void> {
  for (const target of await migrateDatabases(cliDatabaseUrls(settings))) {
    console.log(target.kind === 'memory' ? 'memory: has no schema to migrate' : `Migrated ${target.display}`);
  }
}

/**
 * `northstar-server bootstrap [--json] [--name] [--plan]`: a project with a pk_ and an all-scope sk_ in
 * the configured database, of `--plan`, else `NORTHSTAR_DEFAULT_PLAN`.
 */
export async function runBootstrap(settings: CliSettings, json: boolean, name?: string, plan = settings.defaultPlan): Promise<void> {
  const { storage, target } = await storageFromUrl(settings.databaseUrl);
  try {
    const project = await bootstrapProject(storage, name, plan);
    if (json) {
      process.stdout.write(`${JSON.stringify(project)}\n`);
      return;
    }
    console.log(`Created project ${project.project_id} (plan ${plan}) in ${target.display}
  SDK key     ${project.pk}
  Secret key  ${project.sk}   (scopes: query, read, write, admin)
The secret key is shown only now; the database keeps its hash.`);
  } finally {
    await storage.dispose();
  }
}

/** `northstar-server create-account`: prints `{ "account", "membership" }` as JSON; the password never is. */
export async function runCreateAccount(settings: CliSettings, args: CliArgs): Promise<void> {
  const password = await createAccountPassword(args, process.env, process.stdin);
  const { storage } = await storageFromUrl(settings.databaseUrl);
  try {
    const created = await createAccountCommand(storage, args, password);
    process.stdout.write(`${JSON.stringify(created)}\n`);
  } finally {
    await storage.dispose();
  }
}

/** `northstar-server set-plan --project <id> --plan <plan>`: prints `{ "project_id", "plan", "previous_plan" }` as JSON. */
export async function runSetPlan(settings: CliSettings, args: CliArgs): Promise<void> {
  if (args.project === undefined || args.plan === undefined) throw new Error('set-plan needs --project <id> and --plan free|pro|enterprise');
  const { storage } = await storageFromUrl(settings.databaseUrl);
  try {
    process.stdout.write(`${JSON.stringify(await setProjectPlan(storage, args.project, args.plan))}\n`);
  } finally {
    await storage.dispose();
  }
}
