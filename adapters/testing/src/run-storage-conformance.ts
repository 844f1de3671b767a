import { afterEach, beforeEach, describe } from 'vitest';
import type { StorageAdapter } from '@northstar/server';
import { configStoreCases } from './config-store-cases.js';
import { aggregateCases } from './aggregate-cases.js';
import { eventListCases } from './event-list-cases.js';
import { eventStoreCases } from './event-store-cases.js';
import { filterGroupCases } from './filter-group-cases.js';
import { peopleCases } from './people-cases.js';
import { projectDeletionCases } from './project-deletion-cases.js';
import { rateLimitCases } from './rate-limit-cases.js';
import { replayCases } from './replay-cases.js';
import { userDeletionCases } from './user-deletion-cases.js';
import { userListCases } from './user-list-cases.js';

export type StorageFactory = () => StorageAdapter | Promise<StorageAdapter>;

/**
 * The storage conformance suite: every adapter's test file calls this once, then adds its own cases.
 * Each test gets a fresh adapter from `factory`, disposed after the test.
 */
export function runStorageConformance(factory: StorageFactory): void {
  let current: StorageAdapter | undefined;
  const adapter = (): StorageAdapter => {
    if (!current) throw new Error('No adapter: the conformance cases must run inside runStorageConformance');
    return current;
  };

  describe('storage conformance', () => {
    beforeEach(async () => {
      current = await factory();
    });
    afterEach(async () => {
      await current?.dispose();
      current = undefined;
    });

    describe('EventStore', () => eventStoreCases(adapter));
    describe('EventStore: metrics and intervals', () => aggregateCases(adapter));
    describe('EventStore: filters and group-by', () => filterGroupCases(adapter));
    describe('EventStore: people', () => peopleCases(adapter));
    describe('EventStore: listing events', () => eventListCases(adapter));
    describe('EventStore: listing users', () => userListCases(adapter));
    describe('EventStore: deleting a user (GDPR)', () => userDeletionCases(adapter, factory));
    describe('EventStore: deleting a project', () => projectDeletionCases(adapter));
    describe('EventStore: replay chunks', () => replayCases(adapter));
    describe('ConfigStore', () => configStoreCases(adapter));
    describe('RateLimitStore', () => rateLimitCases(adapter));
  });
}
