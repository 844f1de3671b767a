import { afterEach, beforeEach, describe } from 'vitest';
import type { StorageAdapter } from '@northstar/server';
import { configStoreCases } from './config-store-cases.js';
import { aggregateCases } from './aggregate-cases.js';
import { eventStoreCases } from './event-store-cases.js';
import { filterGroupCases } from './filter-group-cases.js';
import { peopleCases } from './people-cases.js';
import { replayCases } from './replay-cases.js';

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
    describe('EventStore: replay chunks', () => replayCases(adapter));
    describe('ConfigStore', () => configStoreCases(adapter));
  });
}
