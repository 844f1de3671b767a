import { storageFromUrl, migrateDatabase } from '../storage/storage-from-url.js';
import type { CliSettings } from './cli-env.js';
import { bootstrapProject } from './bootstrap-project.js';
import type { CliArgs } from './cli-args.js';
import { createAccountCommand, createAccountPassword } from './create-account-command.js';

/** `northstar-server migrate`: the schema is brought up to date; prints what it migrated. */
export async function runMigrate(settings: CliSettings): Promise<void> {
  const target = await migrateDatabase(settings.databaseUrl);
  console.log(target.kind === 'memory' ? 'memory: has no schema to migrate' : `Migrated ${target.display}`);
}

/** `northstar-server bootstrap [--json] [--name]`: a project with a pk_ and an all-scope sk_ in the configured database. */
export async function runBootstrap(settings: CliSettings, json: boolean, name?: string): Promise<void> {
  const { storage, target } = await storageFromUrl(settings.databaseUrl);
  try {
    const project = await bootstrapProject(storage, name);
    if (json) {
      process.stdout.write(`${JSON.stringify(project)}\n`);
      return;
    }
    console.log(`Created project ${project.project_id} in ${target.display}
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
