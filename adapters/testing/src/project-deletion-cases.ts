import { expect, it } from 'vitest';
import type { StoragePorts } from '@northstar/server';
import type { ConformanceContext } from './conformance-context.js';
import { storedEvent } from './dataset.js';
import { FROM, OTHER_PROJECT, PROJECT, TO } from './fixture.js';
import { SESSIONS, loadPeopleFixture } from './people-dataset.js';
import { rowTable } from './row-table.js';

/** What a project shows: aggregates (rollup and raw paths), events, users, properties, replays. */
async function snapshot({ queryEngine, people, replays }: StoragePorts, projectId: number) {
  const day = { projectId, events: ['view', 'buy'], from: FROM, to: TO, interval: 'day' as const };
  return {
    total: rowTable(await queryEngine.run({ kind: 'segmentation', ...day, metric: 'total' })),
    uniq: rowTable(await queryEngine.run({ kind: 'segmentation', ...day, metric: 'uniq', interval: 'week' })),
    hourly: rowTable(await queryEngine.run({ kind: 'segmentation', ...day, metric: 'uniq', interval: 'hour' })),
    events: await queryEngine.run({ kind: 'events', projectId, limit: 1000 }),
    users: await people.listUsers({ projectId, limit: 1000 }),
    alice: await people.getUserProperties(projectId, 'alice'),
    replays: await Promise.all(SESSIONS.map(([, sessionId]) => replays.listReplayChunks(projectId, sessionId))),
    sessions: await replays.listReplaySessions({ projectId }),
  };
}

/** Deletes a project's data the way the app does: `deleteProject` on each port; answers the events deleted. */
async function deleteProjectData({ eventLog, people, replays }: StoragePorts, projectId: number): Promise<number> {
  const events = await eventLog.deleteProject(projectId);
  await people.deleteProject(projectId);
  await replays.deleteProject(projectId);
  return events;
}

/**
 * Deleting a project through every event-side port (`eventLog`, `people`, `replays`, each deleting its
 * own data; `queryEngine` to read): everything of one project goes, nothing of another.
 */
export function projectDeletionCases({ ports }: ConformanceContext): void {
  it('deletes every event, rollup, link, property and replay chunk of the project and nothing of another', async () => {
    const storage = ports();
    await loadPeopleFixture(storage);
    const other = await snapshot(storage, OTHER_PROJECT);
    const stored = (await storage.queryEngine.run({ kind: 'events', projectId: PROJECT, limit: 1000 })).length;
    expect(await deleteProjectData(storage, PROJECT)).toBe(stored);

    expect(await snapshot(storage, PROJECT)).toEqual({
      total: {},
      uniq: {},
      hourly: {},
      events: [],
      users: { items: [], next: null },
      alice: {},
      replays: SESSIONS.map(() => []),
      sessions: [],
    });
    expect(await snapshot(storage, OTHER_PROJECT)).toEqual(other);
    // the links are gone: a device links afresh
    expect(await storage.people.linkDevice(PROJECT, 'dev-a1', 'zed')).toBe('created');
    expect(await deleteProjectData(storage, PROJECT)).toBe(0);
  });

  it('counts a project from zero again after its data was deleted', async () => {
    const storage = ports();
    await loadPeopleFixture(storage);
    await deleteProjectData(storage, PROJECT);
    await storage.eventLog.appendEvents([storedEvent(1, { project_id: PROJECT, event_name: 'view', user_id: 'alice', timestamp: FROM })]);
    const day = { projectId: PROJECT, events: ['view'], from: FROM, to: TO, interval: 'day' as const };
    expect(rowTable(await storage.queryEngine.run({ kind: 'segmentation', ...day, metric: 'total' }))).toEqual({ 'view 2024-02-29': 1 });
    expect(rowTable(await storage.queryEngine.run({ kind: 'segmentation', ...day, metric: 'uniq', interval: 'month' }))).toEqual({ 'view 2024-02-01': 1 });
  });
}
