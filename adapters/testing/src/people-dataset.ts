import type { ReplayChunk, StoragePorts, StoredEvent, UserProperties } from '@northstar/server';
import { uuidNo } from './dataset.js';
import { BATCH_A, BATCH_B, LONG_ID, OTHER_BATCH, OTHER_PROJECT, PROJECT, loadFixture } from './fixture.js';

/**
 * The fixture (fixture.ts) plus what the deletion cases need around it: an event of another user
 * on alice's device, alice in the other project, properties, and replay sessions.
 */
export const EXTRA_EVENTS: StoredEvent[] = [
  { ...OTHER_BATCH[0]!, uuid: uuidNo(30), project_id: PROJECT, user_id: 'dave', device_id: 'dev-a1', timestamp: Date.parse('2024-03-01T10:15:00.000Z') },
  { ...OTHER_BATCH[0]!, uuid: uuidNo(31), project_id: OTHER_PROJECT, user_id: 'alice', device_id: null, timestamp: Date.parse('2024-03-01T10:20:00.000Z') },
  {
    ...BATCH_A[0]!,
    uuid: uuidNo(32),
    event_name: 'buy',
    user_id: null,
    device_id: 'dev-a1',
    timestamp: Date.parse('2024-03-11T10:00:00.000Z'),
    num_properties: { price: 42 },
  },
];

/** Links in the order `loadPeopleFixture` ends up with (dev-b1 before its events, the others after). */
export const LINKS: [projectId: number, deviceId: string, userId: string][] = [
  [PROJECT, 'dev-b1', 'bob'],
  [OTHER_PROJECT, 'dev-a1', 'mallory'],
  [PROJECT, 'dev-a1', 'alice'],
  [PROJECT, 'dev-c', 'carol'],
];

export const PROPERTIES: [projectId: number, userId: string, properties: UserProperties][] = [
  [PROJECT, 'alice', { plan: 'pro', email: 'alice@example.com' }],
  [PROJECT, 'bob', { plan: 'free' }],
  [PROJECT, LONG_ID, { long: true }],
  [PROJECT, 'erin', { invited: 1 }],
  [OTHER_PROJECT, 'alice', { plan: 'other' }],
];

const chunk = (projectId: number, sessionId: string, seq: number, deviceId: string | null, userId: string | null): ReplayChunk => ({
  projectId,
  sessionId,
  seq,
  data: `${sessionId}#${seq}`,
  timestamp: Date.parse('2024-03-01T10:00:00.000Z') + seq,
  deviceId,
  userId,
});

export const REPLAYS: ReplayChunk[] = [
  chunk(PROJECT, 'alice-1', 0, 'dev-a0', 'alice'),
  // anonymous on alice's device first, then identified: the whole session is hers
  chunk(PROJECT, 'alice-2', 0, 'dev-a1', null),
  chunk(PROJECT, 'alice-2', 1, 'dev-a1', 'alice'),
  chunk(PROJECT, 'bob-1', 0, 'dev-b1', null),
  chunk(PROJECT, 'dave-1', 0, 'dev-a1', 'dave'),
  chunk(OTHER_PROJECT, 'alice-1', 0, 'dev-a1', 'alice'),
];

/** Every session id of REPLAYS, per project. */
export const SESSIONS: [projectId: number, sessionId: string][] = [...new Set(REPLAYS.map((c) => `${c.projectId} ${c.sessionId}`))].map((key) => {
  const [projectId, sessionId] = key.split(' ');
  return [Number(projectId), sessionId!];
});

/** The ports the people fixture is stored through. */
export type PeopleFixtureTarget = Pick<StoragePorts, 'eventLog' | 'people' | 'replays'>;

/** Stores everything in the order a real store would see it: events, then the identify merges. */
export async function loadPeopleFixture(ports: PeopleFixtureTarget): Promise<void> {
  await loadFixture(ports);
  await ports.eventLog.appendEvents(EXTRA_EVENTS);
  for (const [projectId, userId, properties] of PROPERTIES) await ports.people.setUserProperties(projectId, userId, properties);
  for (const replay of REPLAYS) await ports.replays.appendReplayChunk(replay);
}

/** The events the fixture really stores: the first copy of each `(project_id, uuid)`. */
export function storedEvents(): StoredEvent[] {
  const seen = new Set<string>();
  return [...BATCH_A, ...BATCH_B, ...OTHER_BATCH, ...EXTRA_EVENTS].filter((event) => {
    const key = `${event.project_id} ${event.uuid}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether an event (or replay chunk) is the user's: its own, or anonymous on a device linked to it. */
export function belongsTo(projectId: number, userId: string, item: { project_id: number; user_id: string | null; device_id: string | null }): boolean {
  if (item.project_id !== projectId) return false;
  if (item.user_id !== null) return item.user_id === userId;
  return LINKS.some(([project, device, user]) => project === projectId && device === item.device_id && user === userId);
}

const chunkOwner = (c: ReplayChunk) => ({ project_id: c.projectId, user_id: c.userId ?? null, device_id: c.deviceId ?? null });

/** The events of the fixture that are not the user's (what a store that never saw it holds). */
export function eventsWithout(projectId: number, userId: string): StoredEvent[] {
  return storedEvents().filter((event) => !belongsTo(projectId, userId, event));
}

/**
 * Loads a store that never saw the user: the fixture without its events, links, properties and
 * replay sessions.
 */
export async function loadPeopleFixtureWithout(ports: PeopleFixtureTarget, projectId: number, userId: string): Promise<void> {
  for (const [project, device, user] of LINKS) if (project !== projectId || user !== userId) await ports.people.linkDevice(project, device, user);
  await ports.eventLog.appendEvents(eventsWithout(projectId, userId));
  for (const [project, user, properties] of PROPERTIES)
    if (project !== projectId || user !== userId) await ports.people.setUserProperties(project, user, properties);
  const forgotten = new Set(REPLAYS.filter((c) => belongsTo(projectId, userId, chunkOwner(c))).map((c) => `${c.projectId} ${c.sessionId}`));
  for (const replay of REPLAYS) if (!forgotten.has(`${replay.projectId} ${replay.sessionId}`)) await ports.replays.appendReplayChunk(replay);
}
