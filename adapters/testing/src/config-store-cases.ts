import { describe } from 'vitest';
import type { ConformanceContext } from './conformance-context.js';
import { configAccountCases } from './config-account-cases.js';
import { configApiKeyCases } from './config-api-key-cases.js';
import { configDocumentCases } from './config-document-cases.js';
import { configDocumentListCases } from './config-document-list-cases.js';
import { configEmbedRecordCases } from './config-embed-record-cases.js';
import { configEvaluationStateCases } from './config-evaluation-state-cases.js';
import { configMembershipCases } from './config-membership-cases.js';
import { configProjectCases } from './config-project-cases.js';
import { configRefreshTokenCases } from './config-refresh-token-cases.js';

/**
 * `ConfigStore` cases; `ports()` are those of a fresh, empty adapter for the running test. Every store
 * must give exactly these answers: memory, sqlite and mysql alike.
 */
export function configStoreCases({ ports: adapter }: ConformanceContext): void {
  describe('projects', () => configProjectCases(adapter));
  describe('accounts', () => configAccountCases(adapter));
  describe('memberships', () => configMembershipCases(adapter));
  describe('API keys', () => configApiKeyCases(adapter));
  describe('refresh tokens', () => configRefreshTokenCases(adapter));
  describe('documents', () => configDocumentCases(adapter));
  describe('document lists', () => configDocumentListCases(adapter));
  describe('embed token records', () => configEmbedRecordCases(adapter));
  describe('alert and experiment evaluation state', () => configEvaluationStateCases(adapter));
}
