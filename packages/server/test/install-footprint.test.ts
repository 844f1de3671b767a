/**
 * What `npm install @northstar/server` brings into a router user's app, read from the workspace's
 * package-lock.json: the packages npm installs for it (dependencies, optional dependencies and peers
 * that are not optional), resolved the way Node resolves them, through workspace links.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  resolved?: string;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const root = new URL('../../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockEntry> };
const serverManifest = JSON.parse(readFileSync(new URL('packages/server/package.json', root), 'utf8')) as LockEntry;

/** The lock entry `name` resolves to from the package at `from`: its own node_modules, then each parent's. */
function resolveFrom(from: string, name: string): string | undefined {
  const parts = from === '' ? [] : from.split('/');
  for (let end = parts.length; end >= 0; end--) {
    const base = parts.slice(0, end).join('/');
    if (end > 0 && parts[end - 1] === 'node_modules') continue;
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
  }
  return undefined;
}

/** What npm installs with a package: its dependencies and optional ones, and its peers that are not optional. */
function installedWith(entry: LockEntry): string[] {
  const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...requiredPeers];
}

/** Every package (lock location → name) installed with @northstar/server. */
function serverTree(): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (location: string, entry: LockEntry) => {
    for (const name of installedWith(entry)) {
      let found = resolveFrom(location, name);
      if (!found) throw new Error(`${name} (needed by ${location}) is not in package-lock.json`);
      if (seen.has(found)) continue;
      seen.set(found, name);
      let target = lock.packages[found]!;
      if (target.link && target.resolved) {
        found = target.resolved;
        target = lock.packages[found]!;
      }
      visit(found, target);
    }
  };
  visit('packages/server', serverManifest);
  return seen;
}

describe('what installing @northstar/server brings in', () => {
  it('has no @scarf/scarf and no package with an install script, so installing it runs no code and calls no one', () => {
    const tree = serverTree();
    expect([...tree.values()]).not.toContain('@scarf/scarf');
    expect([...tree.values()]).not.toContain('swagger-ui-dist');
    const withScripts = [...tree.entries()].filter(([location]) => lock.packages[location]?.hasInstallScript).map(([, name]) => name);
    expect(withScripts).toEqual([]);
  });

  it('leaves the SQL stack and the memory adapter to the apps that use them: it does not even name them (the command of @northstar/cli picks them from a database URL)', () => {
    const tree = new Set(serverTree().values());
    const optional = ['@northstar/adapter-sql', '@northstar/adapter-memory', 'knex', 'better-sqlite3', 'mysql2'];
    for (const name of optional) {
      expect(tree.has(name), name).toBe(false);
      expect(serverManifest.dependencies?.[name], name).toBeUndefined();
      expect(serverManifest.peerDependencies?.[name], name).toBeUndefined();
    }
  });
});
