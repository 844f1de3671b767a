import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { rrwebSlicedSnapshot } from './rollup/rrweb-sliced-snapshot.mjs';
import { workspaceAliases } from './workspace-aliases.js';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * React 18 for the project `react18`: `react` and `react-dom` (and their subpaths) resolved to the copies
 * npm installs in test/react18/node_modules (the root has React 19). React 18's react-dom requires
 * `react` from there too, so the tests, the SDK and react-dom share one copy. @testing-library/react
 * goes to its ESM build, inlined below: its `main` is CJS, whose require() calls would miss the aliases.
 */
const react18Aliases = [
  ...['react', 'react-dom'].flatMap((name) => [
    { find: new RegExp(`^${name}$`), replacement: fromRoot(`test/react18/node_modules/${name}/index.js`) },
    { find: new RegExp(`^${name}/(.*)$`), replacement: `${fromRoot(`test/react18/node_modules/${name}`)}/$1` },
  ]),
  { find: /^@testing-library\/react$/, replacement: fromRoot('node_modules/@testing-library/react/dist/@testing-library/react.esm.js') },
];

export default defineConfig({
  test: {
    reporters: ['default', './test/support/flaky-reporter.ts'],
    projects: [
      {
        // Unit tests run against the TypeScript sources; browser tests opt into jsdom per file. rrweb is the one we
        // ship: processed by Vite (not loaded as is from node_modules) so that the build's patch applies to it.
        resolve: { alias: workspaceAliases },
        define: { __NS_DEBUG__: 'true' },
        plugins: [rrwebSlicedSnapshot()],
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.{ts,tsx}', 'adapters/*/test/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          server: { deps: { inline: ['rrweb'] } },
        },
      },
      {
        // The React SDK's tests again on React 18 (the unit project runs them on React 19, the root's).
        resolve: { alias: [...workspaceAliases, ...react18Aliases] },
        define: { __NS_DEBUG__: 'true' },
        test: {
          name: 'react18',
          include: ['packages/react/test/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Processed by Vite, so that its own imports of react and react-dom meet the aliases too.
          server: { deps: { inline: ['@testing-library/react'] } },
        },
      },
      {
        // The built packages, resolved through their own `exports` maps: no aliases here.
        test: {
          name: 'packaging',
          include: ['test/packaging/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // CI only: one retry of a failed end-to-end test (docs/decisions.md, "End-to-end retries in CI").
          retry: process.env.CI === 'true' ? 1 : 0,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
