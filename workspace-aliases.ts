import { fileURLToPath } from 'node:url';

/** Workspace packages resolved to their TypeScript sources, so unit tests need no build. */
const SOURCES: Record<string, string> = {
  '@northstar/core': 'packages/core/src/index.ts',
  '@northstar/browser': 'packages/browser/src/index.ts',
  '@northstar/react': 'packages/react/src/index.ts',
  '@northstar/node': 'packages/node/src/index.ts',
  '@northstar/server': 'packages/server/src/index.ts',
  '@northstar/server/app': 'packages/server/src/without-http.ts',
  '@northstar/cli': 'packages/cli/src/index.ts',
  '@northstar/adapter-memory': 'adapters/memory/src/index.ts',
  '@northstar/adapter-sql': 'adapters/sql/src/index.ts',
  '@northstar/adapter-testing': 'adapters/testing/src/index.ts',
};

export const workspaceAliases = Object.entries(SOURCES).map(([name, path]) => ({
  find: new RegExp(`^${name}$`),
  replacement: fileURLToPath(new URL(path, import.meta.url)),
}));
