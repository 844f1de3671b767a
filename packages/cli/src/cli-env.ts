import { defaultDatabaseUrl, parseDatabaseUrl } from './storage/database-url.js';
import { DEFAULT_PROJECT_PLAN, checkedPlan, parseRateLimitsEnv } from '@northstar/server/app';
import type { ProjectPlan, RateLimitOptions } from '@northstar/server/app';

export interface CliSettings {
  port: number;
  host: string;
  dataDir: string;
  /** Where the data lives: `memory:`, `sqlite:<path>` or `mysql://...`. */
  databaseUrl: string;
  /**
   * `NORTHSTAR_EVENTS_DATABASE_URL`: where the event data lives (event log, query engine, people, replays),
   * while `databaseUrl` keeps the configuration and the rate-limit counters. @default databaseUrl
   */
  eventsDatabaseUrl?: string;
  /** `NORTHSTAR_RATE_LIMITS`: `off`, or the JSON of the router's `rateLimits` (docs/limits.md). @default the plan defaults */
  rateLimits?: RateLimitOptions | false;
  /** `NORTHSTAR_DEFAULT_PLAN`: plan of the demo project, `bootstrap` and `POST /v1/projects`. @default 'enterprise' */
  defaultPlan: ProjectPlan;
  /** `NORTHSTAR_WORKERS`: `off` when `start` leaves the background work to `northstar-server worker` processes. @default true */
  workers: boolean;
  /**
   * `NORTHSTAR_WEBHOOK_ALLOWED_NETWORKS`: comma-separated IP addresses or CIDRs that webhook targets may be in
   * despite the SSRF deny list (receivers on an internal network; docs/webhooks.md). @default none
   */
  webhookAllowedNetworks?: string[];
}

/**
 * `PORT` (default 8787), `HOST` (default 127.0.0.1), `NORTHSTAR_DATA_DIR` (default ./.northstar),
 * `DATABASE_URL` (default `sqlite:<NORTHSTAR_DATA_DIR>/data.db`), `NORTHSTAR_EVENTS_DATABASE_URL` (default: `DATABASE_URL`),
 * `NORTHSTAR_RATE_LIMITS` (default: the plan defaults), `NORTHSTAR_DEFAULT_PLAN` (default enterprise), `NORTHSTAR_WORKERS`
 * (`off` keeps `start` from running the background workers; default on), `NORTHSTAR_WEBHOOK_ALLOWED_NETWORKS`
 * (comma-separated CIDRs webhook targets may be in despite the deny list; default none).
 */
export function readCliSettings(env: NodeJS.ProcessEnv): CliSettings {
  const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be an integer 0-65535, got ${env.PORT}`);
  const dataDir = env.NORTHSTAR_DATA_DIR || './.northstar';
  const rateLimits = parseRateLimitsEnv(env.NORTHSTAR_RATE_LIMITS);
  const defaultPlan = env.NORTHSTAR_DEFAULT_PLAN ? checkedPlan(env.NORTHSTAR_DEFAULT_PLAN, 'NORTHSTAR_DEFAULT_PLAN') : DEFAULT_PROJECT_PLAN;
  const eventsDatabaseUrl = env.NORTHSTAR_EVENTS_DATABASE_URL || undefined;
  // Checked now, so that a mistake names its variable (storageFromUrl's messages say DATABASE_URL).
  if (eventsDatabaseUrl !== undefined) parseDatabaseUrl(eventsDatabaseUrl, 'NORTHSTAR_EVENTS_DATABASE_URL');
  const allowed = (env.NORTHSTAR_WEBHOOK_ALLOWED_NETWORKS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || defaultDatabaseUrl(dataDir),
    defaultPlan,
    workers: env.NORTHSTAR_WORKERS !== 'off',
    ...(eventsDatabaseUrl === undefined ? {} : { eventsDatabaseUrl }),
    ...(rateLimits === undefined ? {} : { rateLimits }),
    ...(allowed.length === 0 ? {} : { webhookAllowedNetworks: allowed }),
  };
}
