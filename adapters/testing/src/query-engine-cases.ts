import { describe } from 'vitest';
import { activePeopleCases } from './active-people-cases.js';
import { aggregateCases } from './aggregate-cases.js';
import type { ConformanceContext } from './conformance-context.js';
import { eventListCases } from './event-list-cases.js';
import { filterGroupCases } from './filter-group-cases.js';
import { funnelCases } from './funnel-cases.js';
import { funnelRetentionComparisonCases } from './funnel-retention-comparison-cases.js';
import { heatmapCases } from './heatmap-cases.js';
import { memoryComparisonCases } from './memory-comparison-cases.js';
import { percentileCases } from './percentile-cases.js';
import { resultCacheCases } from './result-cache-cases.js';
import { retentionCases } from './retention-cases.js';
import { segmentationCases } from './segmentation-cases.js';
import { surveyCases } from './survey-cases.js';
import { userFilterCases } from './user-filter-cases.js';
import { zoneCases } from './zone-cases.js';

/**
 * `QueryEngine`: segmentation (metrics, intervals, filters, group-by), the events listing, funnels, retention, heatmaps,
 * surveys and the result cache's invalidation, over events stored through the adapter's own `eventLog` (the runner
 * registers this suite only with one).
 * Cases whose answers depend on device links run only when the adapter has `people`.
 */
export function queryEngineCases(context: ConformanceContext): void {
  describe('segmentation', () => segmentationCases(context));
  describe('segmentation: metrics and intervals', () => aggregateCases(context));
  describe('segmentation: filters and group-by', () => filterGroupCases(context));
  describe('segmentation: time zones', () => zoneCases(context));
  describe('segmentation: percentiles and per_user', () => percentileCases(context));
  describe('segmentation: dau, wau, mau', () => activePeopleCases(context));
  // user properties live in the PersonStore: an engine without one has none to filter on
  if (context.provides('people')) describe('segmentation: user-property filters', () => userFilterCases(context));
  describe('events listing', () => eventListCases(context));
  describe('same answers as memory', () => memoryComparisonCases(context));
  // their datasets link devices: only with a PersonStore (the comparison below runs without one too)
  if (context.provides('people')) {
    describe('funnels', () => funnelCases(context));
    describe('retention', () => retentionCases(context));
  }
  describe('funnels and retention: same answers as memory', () => funnelRetentionComparisonCases(context));
  describe('heatmaps: rollups kept by the event log, the heatmap query', () => heatmapCases(context));
  describe('surveys: states per person, results per question', () => surveyCases(context));
  describe('cached answers give way to writes', () => resultCacheCases(context));
}
