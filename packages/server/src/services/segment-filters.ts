import { NotFoundError } from '@northstar/core';
import type { ConfigStore } from '../ports/index.js';
import { segmentSchema } from '../schemas/documents/segment.js';
import type { QueryFilterBody } from '../schemas/event-query-filters.js';

/** The filters of a project's saved segment; throws `NotFoundError` (404) when the project has no such segment. */
export type SegmentFilters = (projectId: number, segmentId: number) => Promise<QueryFilterBody[]>;

/** Segments read from the configuration store (a segment of another project is not found). */
export function segmentFiltersFrom(config: Pick<ConfigStore, 'getDocument'>): SegmentFilters {
  return async (projectId, segmentId) => {
    const document = await config.getDocument({ projectId, kind: 'segment', id: segmentId });
    const segment = document && segmentSchema.safeParse(document.data);
    if (!segment?.success) throw new NotFoundError(`segment ${segmentId} not found`);
    return segment.data.filters;
  };
}

/** For callers without a configuration store: every segment is unknown. */
export const noSegments: SegmentFilters = (_projectId, segmentId) => Promise.reject(new NotFoundError(`segment ${segmentId} not found`));
