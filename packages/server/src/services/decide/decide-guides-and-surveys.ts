import type { DecideQuery } from '../../schemas/decide.js';
import { GUIDE_DECIDE, SURVEY_DECIDE } from './decide-kinds.js';
import { decideItems } from './decide-service.js';
import type { DecidedItem, DecidePorts } from './decide-service.js';

/** What to render for a person on a page (`/v1/decide/*`): active, targeted items not yet closed, in id order. */
export interface DecideService {
  guides(projectId: number, query: DecideQuery): Promise<DecidedItem[]>;
  surveys(projectId: number, query: DecideQuery): Promise<DecidedItem[]>;
}

export function decideService(storage: DecidePorts): DecideService {
  return {
    guides: (projectId, query) => decideItems(storage, projectId, query, GUIDE_DECIDE),
    surveys: (projectId, query) => decideItems(storage, projectId, query, SURVEY_DECIDE),
  };
}
