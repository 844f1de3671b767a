import { describe } from 'vitest';
import type { ConformanceContext } from './conformance-context.js';
import { personLinkCases } from './person-link-cases.js';
import { userDeletionCases } from './user-deletion-cases.js';
import { userListCases } from './user-list-cases.js';

/**
 * `PersonStore`: links and properties alone; listing users with the adapter's `eventLog`; GDPR
 * deletion with its `eventLog`, `queryEngine` and `replays` (the data a deletion covers).
 */
export function personStoreCases(context: ConformanceContext): void {
  describe('links and properties', () => personLinkCases(context));
  if (context.provides('eventLog')) describe('listing users', () => userListCases(context));
  if (context.provides('eventLog', 'queryEngine', 'replays')) describe('deleting a user (GDPR)', () => userDeletionCases(context));
}
