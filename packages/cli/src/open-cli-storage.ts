import { eventPortsAt } from './storage/database-ports.js';
import { storageFromUrl } from './storage/storage-from-url.js';
import type { OpenedStorage } from './storage/storage-from-url.js';
import type { CliSettings } from './cli-env.js';
import { restrictDataFiles } from './data-dir-modes.js';
import { cliJwtSecret } from './jwt-secret-file.js';
import { cliSecretsKey } from './secrets-key-file.js';
import type { NorthstarAppOptions } from '@northstar/server/app';

/** The storage and app options of a long-running command (`start`, `worker`): both read the same environment. */
export interface CliApp extends OpenedStorage {
  app: Omit<NorthstarAppOptions, 'storage'>;
}

/** The databases of the settings: `DATABASE_URL`, then `NORTHSTAR_EVENTS_DATABASE_URL` when set. */
export function cliDatabaseUrls(settings: CliSettings): string[] {
  return settings.eventsDatabaseUrl === undefined ? [settings.databaseUrl] : [settings.databaseUrl, settings.eventsDatabaseUrl];
}

/**
 * Opens (and migrates) `DATABASE_URL`, with the event data from `NORTHSTAR_EVENTS_DATABASE_URL` when
 * set, and reads the keys every process on one database shares.
 */
export async function openCliApp(settings: CliSettings): Promise<CliApp> {
  // Owner-only (0700, files 0600, also those an earlier version made 0644), before SQLite opens its files.
  await restrictDataFiles(settings.dataDir, ...cliDatabaseUrls(settings));
  // The keys first: a failure there must not leave a database pool open.
  const jwtSecret = await cliJwtSecret(process.env, settings.dataDir);
  const secretsKey = await cliSecretsKey(process.env, settings.dataDir);
  const ports = settings.eventsDatabaseUrl === undefined ? {} : eventPortsAt(settings.eventsDatabaseUrl);
  const opened = await storageFromUrl(settings.databaseUrl, { ports });
  const { rateLimits, defaultPlan, webhookAllowedNetworks } = settings;
  return { ...opened, app: { logger: console, jwtSecret, secretsKey, rateLimits, defaultPlan, ...(webhookAllowedNetworks && { webhookAllowedNetworks }) } };
}
