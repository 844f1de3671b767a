import type { ConfigStore, JsonValue } from '../ports/index.js';

/** A project's browser allow-list (`settings.cors_origins`), normalised; undefined when it sets none. */
export type ProjectOrigins = (projectId: number) => Promise<ReadonlySet<string> | undefined>;

export interface ProjectOriginsOptions {
  /** How long a project's list is trusted before the project is read again, in ms; 0 reads it every time. */
  ttlMs: number;
  /** Projects remembered at most; the oldest is forgotten first. */
  maxEntries: number;
  clock: () => number;
}

/** `https://Shop.example/` → `https://shop.example`: origins compare case-insensitively, without a trailing slash. */
export function normaliseOrigin(origin: string): string {
  const lower = origin.trim().toLowerCase();
  return lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/**
 * The allow-list of `settings.cors_origins`: an array of exact origins. Absent, not an array, empty, or
 * holding `'*'`: no list (the router's `corsOrigins` applies). Entries that are not strings are ignored.
 */
export function originsFromSettings(value: JsonValue | undefined): ReadonlySet<string> | undefined {
  if (!Array.isArray(value)) return undefined;
  const origins = new Set(value.filter((entry): entry is string => typeof entry === 'string').map(normaliseOrigin));
  return origins.size === 0 || origins.has('*') ? undefined : origins;
}

/** Reads each project's list at most once per `ttlMs`, so that browser requests do not read the project table each time. */
export function cachedProjectOrigins(config: ConfigStore, options: ProjectOriginsOptions): ProjectOrigins {
  const known = new Map<number, { origins: ReadonlySet<string> | undefined; until: number }>();
  return async (projectId) => {
    const now = options.clock();
    const hit = known.get(projectId);
    if (hit && hit.until > now) return hit.origins;
    known.delete(projectId);
    const project = await config.getProject(projectId);
    const origins = originsFromSettings(project?.settings.cors_origins);
    if (options.ttlMs > 0) {
      if (known.size >= options.maxEntries) known.delete(known.keys().next().value ?? -1);
      known.set(projectId, { origins, until: now + options.ttlMs });
    }
    return origins;
  };
}
