// One lint config for the workspace: typescript-eslint with type information, the rules named in
// ARCHITECTURE.md, and the dependency directions (no Node built-ins in browser, core or Node SDK code; imports
// run only downwards between packages and between the server's folders).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layering } from './eslint-rules/import-layers.mjs';

const NODE_BUILTINS = {
  patterns: [
    {
      group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os', 'url', 'util', 'stream', 'zlib'],
      message: 'Browser, React, core and Node SDK code may not import Node built-ins (the Node SDK runs on fetch-only runtimes too).',
    },
  ],
};

// The package graph, one way (type imports included): what the `src/` of each package may import among
// the workspace packages. core ← browser ← react; core ← node; core ← server ← adapters ← cli. Adapters see only the port
// types of the server; the conformance suite (adapter-testing) runs the memory and SQL adapters.
const S = '@northstar/server';
const CORE = '@northstar/core';
const PACKAGES = {
  'packages/core': { name: CORE, imports: [] },
  'packages/browser': { name: '@northstar/browser', imports: [CORE] },
  'packages/react': { name: '@northstar/react', imports: ['@northstar/browser'] },
  'packages/node': { name: '@northstar/node', imports: [CORE] },
  'packages/server': { name: S, imports: [CORE] },
  'adapters/memory': { name: '@northstar/adapter-memory', imports: [CORE], typeImports: [S] },
  'adapters/sql': { name: '@northstar/adapter-sql', imports: [CORE], typeImports: [S] },
  'adapters/testing': { name: '@northstar/adapter-testing', imports: [CORE, '@northstar/adapter-memory', '@northstar/adapter-sql'], typeImports: [S] },
  'packages/cli': { name: '@northstar/cli', imports: [CORE, S, '@northstar/adapter-memory', '@northstar/adapter-sql'] },
};

// The folders of packages/server/src, lowest first: a folder imports only folders of earlier lines
// (type imports included), never its own line's neighbours; the entry files (index.ts) sit above all.
//   errors       the HTTP error classes, thrown everywhere
//   ports        the interfaces adapters implement (types only), the logger
//   schemas      the zod request/response schemas and the text rules they share with ingestion
//   secrets, webhooks   leaf helpers: the secret box; webhook options and SSRF checks of their targets
//   storage      the guard around a storage adapter and its time budget
//   keys         API keys: hashing, creation, authentication, last use
//   limits       plan limits, rate-limit classes and the plain limiter (no HTTP: it counts a subject)
//   ingest       the event path below the services: group commit, SDK-key cache, event time, CORS
//   auth         accounts: passwords, access and refresh tokens, sign-in protection
//   access       per request: credentials → principal, the route's access rule, authorization
//   services     what the routes do, with no HTTP in it
//   app          the service graph (createNorthstarApp), no Express
//   http         the Express layer: routes, bodies, middleware, OpenAPI, the router
//   seed         the demo project's data (exported for hosts, tests and the CLI package)
// No cli/: the command line is the package packages/cli.
const SERVER_LAYERS = [
  ['errors'],
  ['ports'],
  ['schemas'],
  ['secrets', 'webhooks'],
  ['storage'],
  ['keys'],
  ['limits'],
  ['ingest'],
  ['auth'],
  ['access'],
  ['services'],
  ['app'],
  ['http'],
  ['seed'],
];

// Upward imports tolerated for a while, each one file → one file ({ from, to }, paths from the root),
// with the reason beside it. The rule reports an entry that no longer matches an import, so whoever
// removes the import removes the entry with it. Empty: keep it so.
const SERVER_ALLOW = [];

// The folders of packages/browser/src: the client core, the DOM helpers that plugins share (how an
// element is described), the overlay infrastructure that guides and surveys share (shadow-root host,
// focus, frequency cap, decide, events), then the plugins over them (a plugin sees the client only through its
// contract, never another plugin: the folders of plugins/ are isolated); the entry files (index.ts,
// cdn.ts, ...) sit above all.
const BROWSER_LAYERS = [['core'], ['dom'], ['overlay'], ['plugins']];

const IMPORT_LAYERS = {
  root: import.meta.dirname,
  // Folders that only their own files import (`*`: one path segment): examples and tests.
  sealed: ['examples', 'test', 'packages/*/test', 'adapters/*/test'],
  // Every package of these folders must be in PACKAGES, so that a new one joins the graph.
  workspaces: ['packages/*', 'adapters/*'],
  packages: PACKAGES,
  folders: [
    { root: 'packages/server/src', layers: SERVER_LAYERS, allow: SERVER_ALLOW },
    { root: 'packages/browser/src', layers: BROWSER_LAYERS },
    { root: 'packages/browser/src/plugins', isolated: true },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '.northstar/**', 'test/bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { layering },
    rules: { 'layering/import-layers': ['error', IMPORT_LAYERS] },
  },
  {
    // The Node SDK too: it runs where only fetch and the web globals exist (edge runtimes).
    files: ['packages/browser/src/**/*.ts', 'packages/core/src/**/*.ts', 'packages/react/src/**/*.{ts,tsx}', 'packages/node/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', NODE_BUILTINS] },
  },
  {
    // Tests may reach into mocks loosely; the production rules above stay strict.
    files: ['**/test/**/*.{ts,tsx}', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: false },
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly' },
    },
  },
);
