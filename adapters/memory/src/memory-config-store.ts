import type { ConfigStore } from '@northstar/server';
import { memoryAccounts } from './memory-accounts.js';
import { memoryApiKeys } from './memory-api-keys.js';
import { createMemoryConfigState } from './memory-config-state.js';
import { memoryDocuments } from './memory-documents.js';
import { memoryMemberships } from './memory-memberships.js';
import { memoryProjects } from './memory-projects.js';
import { memoryRefreshTokens } from './memory-refresh-tokens.js';

/** Every ConfigStore table in maps; ids are integers counting from 1 per table, like auto-increment columns. */
export function createMemoryConfigStore(now: () => number): ConfigStore & { clear(): void } {
  const state = createMemoryConfigState(now);
  return {
    ...memoryProjects(state),
    ...memoryAccounts(state),
    ...memoryMemberships(state),
    ...memoryApiKeys(state),
    ...memoryRefreshTokens(state),
    ...memoryDocuments(state),
    clear() {
      for (const table of Object.values(state.tables)) table.clear();
    },
  };
}
