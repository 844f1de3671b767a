import { defineConfig } from 'vitest/config';
import { workspaceAliases } from './workspace-aliases.js';

export default defineConfig({
  test: {
    reporters: ['default', './test/support/flaky-reporter.ts'],
    projects: [
      {
        // Unit tests run against the TypeScript sources; browser tests opt into jsdom per file.
        resolve: { alias: workspaceAliases },
        define: { __NS_DEBUG__: 'true' },
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'adapters/*/test/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
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
