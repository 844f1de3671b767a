import { describe } from 'vitest';
import { aggregateCases } from './aggregate-cases.js';
import type { ConformanceContext } from './conformance-context.js';
import { eventListCases } from './event-list-cases.js';
import { filterGroupCases } from './filter-group-cases.js';
import { memoryComparisonCases } from './memory-comparison-cases.js';
import { segmentationCases } from './segmentation-cases.js';

/**
 * `QueryEngine`: segmentation (metrics, intervals, filters, group-by) and the events listing, over
 * events stored through the adapter's own `eventLog` (the runner registers this suite only with one).
 * Cases whose answers depend on device links run only when the adapter has `people`.
 */
export function queryEngineCases(context: ConformanceContext): void {
  describe('segmentation', () => segmentationCases(context));
  describe('segmentation: metrics and intervals', () => aggregateCases(context));
  describe('segmentation: filters and group-by', () => filterGroupCases(context));
  describe('events listing', () => eventListCases(context));
  describe('same answers as memory', () => memoryComparisonCases(context));
}
