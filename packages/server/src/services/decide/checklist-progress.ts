import type { GuideData } from '../../schemas/index.js';
import type { DecidePorts } from './decide-service.js';
import type { PersonIds } from '../flags/flag-person.js';
import { personEvents } from './person-events.js';

type Checklist = Extract<GuideData, { type: 'checklist' }>;

/**
 * `completed_items` of the open checklists: the keys of the items whose `event` the person tracked (on
 * any of their devices), so that a checklist started on one device goes on from there on another. One
 * read of the person's events for every checklist of the answer; none when no item names an event.
 */
export async function checklistProgress(
  storage: DecidePorts,
  projectId: number,
  ids: PersonIds,
  guides: readonly { id: number; data: GuideData }[],
): Promise<Map<number, { completed_items: string[] }>> {
  const checklists = guides.filter((guide): guide is { id: number; data: Checklist } => guide.data.type === 'checklist');
  const names = new Set(checklists.flatMap((guide) => guide.data.items.flatMap((item) => (item.event === undefined ? [] : [item.event]))));
  const progress = new Map<number, { completed_items: string[] }>();
  if (names.size === 0) return progress;
  const tracked = new Set((await personEvents(storage.queryEngine, projectId, ids, [...names])).map((event) => event.event_name));
  for (const { id, data } of checklists) {
    progress.set(id, { completed_items: data.items.flatMap((item) => (item.event !== undefined && tracked.has(item.event) ? [item.key] : [])) });
  }
  return progress;
}
