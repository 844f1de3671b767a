// One lint config for the workspace: typescript-eslint with type information, the rules named in
// ARCHITECTURE.md, and the dependency directions (no Node built-ins in browser or core code).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = {
  patterns: [{ group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'os', 'url', 'util', 'stream', 'zlib'], message: 'Browser and core code may not import Node built-ins.' }],
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
    files: ['packages/browser/src/**/*.ts', 'packages/core/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', NODE_BUILTINS] },
  },
  {
    // Tests may reach into mocks loosely; the production rules above stay strict.
    files: ['**/test/**/*.ts', 'test/**/*.ts'],
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
    languageOptions: { parserOptions: { projectService: false, project: false }, globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly' } },
  },
);
