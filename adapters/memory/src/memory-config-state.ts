import type { AccountRecord, ApiKeyRecord, DocumentRecord, MembershipRecord, ProjectRecord, RefreshTokenRecord } from '@northstar/server';

/** The tables of the in-memory config store. Maps keep insertion order, which is ascending id order. */
export interface MemoryConfigState {
  /** The store's clock as an ISO string. */
  now(): string;
  /** The next id of a table, counting from 1 like an auto-increment column. */
  nextId(table: keyof MemoryConfigState['tables']): number;
  tables: {
    projects: Map<number, ProjectRecord>;
    accounts: Map<number, AccountRecord>;
    /** Keyed by `membershipKey`. */
    memberships: Map<string, MembershipRecord>;
    apiKeys: Map<number, ApiKeyRecord>;
    refreshTokens: Map<number, RefreshTokenRecord>;
    documents: Map<number, DocumentRecord>;
  };
}

export function membershipKey(accountId: number, projectId: number): string {
  return `${accountId}:${projectId}`;
}

export function createMemoryConfigState(now: () => number): MemoryConfigState {
  const counters = new Map<string, number>();
  return {
    now: () => new Date(now()).toISOString(),
    nextId(table) {
      const id = (counters.get(table) ?? 0) + 1;
      counters.set(table, id);
      return id;
    },
    tables: {
      projects: new Map(),
      accounts: new Map(),
      memberships: new Map(),
      apiKeys: new Map(),
      refreshTokens: new Map(),
      documents: new Map(),
    },
  };
}
