import { expect, it } from 'vitest';
import type { EventStore, StorageAdapter } from '@northstar/server';
import { storedEvent } from './dataset.js';
import { FROM, OTHER_PROJECT, PROJECT, TO } from './fixture.js';
import { SESSIONS, loadPeopleFixture } from './people-dataset.js';
import { rowTable } from './row-table.js';

/** What a project shows: aggregates (rollup and raw paths), events, users, properties, replays. */
async function snapshot(events: EventStore, projectId: number) {
  const day = { projectId, events: ['view', 'buy'], from: FROM, to: TO, interval: 'day' as const };
  return {
    total: rowTable(await events.aggregate({ ...day, metric: 'total' })),
    uniq: rowTable(await events.aggregate({ ...day, metric: 'uniq', interval: 'week' })),
    hourly: rowTable(await events.aggregate({ ...day, metric: 'uniq', interval: 'hour' })),
    events: await events.listEvents({ projectId, limit: 1000 }),
    users: await events.listUsers({ projectId, limit: 1000 }),
    alice: await events.getUserProperties(projectId, 'alice'),
    replays: await Promise.all(SESSIONS.map(([, sessionId]) => events.listReplayChunks(projectId, sessionId))),
  };
}

/** `EventStore.deleteProjectData`: everything of one project goes, nothing of another. */
export function projectDeletionCases(adapter: () => StorageAdapter): void {
  it('deletes every event, rollup, link, property and replay chunk of the project and nothing of another', async () => {
    const { events } = adapter();
    await loadPeopleFixture(events);
    const other = await snapshot(events, OTHER_PROJECT);
    const stored = (await events.listEvents({ projectId: PROJECT, limit: 1000 })).length;
    expect(await events.deleteProjectData(PROJECT)).toBe(stored);

    expect(await snapshot(events, PROJECT)).toEqual({ total: {}, uniq: {}, hourly: {}, events: [], users: { items: [], next: null }, alice: {}, replays: SESSIONS.map(() => []) });
    expect(await snapshot(events, OTHER_PROJECT)).toEqual(other);
    // the links are gone: a device links afresh
    expect(await events.linkDevice(PROJECT, 'dev-a1', 'zed')).toBe('created');
    expect(await events.deleteProjectData(PROJECT)).toBe(0);
  });

  it('counts a project from zero again after its data was deleted', async () => {
    const { events } = adapter();
    await loadPeopleFixture(events);
    await events.deleteProjectData(PROJECT);
    await events.appendEvents([storedEvent(1, { project_id: PROJECT, event_name: 'view', user_id: 'alice', timestamp: FROM })]);
    const day = { projectId: PROJECT, events: ['view'], from: FROM, to: TO, interval: 'day' as const };
    expect(rowTable(await events.aggregate({ ...day, metric: 'total' }))).toEqual({ 'view 2024-02-29': 1 });
    expect(rowTable(await events.aggregate({ ...day, metric: 'uniq', interval: 'month' }))).toEqual({ 'view 2024-02-01': 1 });
  });
}
