import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createTestStorage, databaseAvailable, releaseTestDatabases, selectedDatabases } from '@northstar/adapter-testing';
import type { ReplayChunk, StorageAdapter } from '@northstar/server';
import { createNorthstarApp } from '../src/app/create-northstar-app.js';
import type { NorthstarApp } from '../src/app/northstar-app.js';
import { patchProjectBodySchema } from '../src/schemas/project.js';
import { expireReplays } from '../src/services/schedule/replay-retention.js';

// Replay retention (docs/replay-server.md): sessions that ended more than the project's
// `settings.replay_retention_days` (default 30) ago are deleted whole by the worker's hourly tick.
const DAY = 86_400_000;
const NOW = Date.parse('2024-05-01T10:17:00.000Z');

const databases = selectedDatabases();
const available = new Map(await Promise.all(databases.map(async (kind) => [kind, await databaseAvailable(kind)] as const)));

let app: NorthstarApp | undefined;
let storage: StorageAdapter | undefined;
afterEach(async () => {
  await app?.close();
  await storage?.dispose();
  app = undefined;
  storage = undefined;
});
afterAll(() => releaseTestDatabases());

const chunk = (projectId: number, sessionId: string, endedDaysAgo: number, seq = 0): ReplayChunk => ({
  projectId,
  sessionId,
  seq,
  data: '[]',
  timestamp: NOW - endedDaysAgo * DAY - 60_000,
  endTimestamp: NOW - endedDaysAgo * DAY,
  deviceId: 'd1',
});

/** Two projects: one on the default retention (30 days), one keeping 7 days; sessions that ended 3, 8, 29 and 31 days ago in each. */
async function setUp(given: StorageAdapter, clock: () => number) {
  storage = given;
  app = createNorthstarApp({ storage, jwtSecret: 'northstar-test-secret-of-at-least-32-bytes', clock, logger: { error: () => {}, warn: () => {} } });
  const standard = await storage.config.createProject({ name: 'Default', plan: 'free' });
  const short = await storage.config.createProject({ name: 'Short', plan: 'free', settings: { replay_retention_days: 7 } });
  for (const project of [standard.id, short.id]) {
    for (const days of [3, 8, 29, 31]) await app.storage.replays.appendReplayChunk(chunk(project, `ended-${days}`, days));
  }
  // still recording: its first chunk is old, its last is recent
  await app.storage.replays.appendReplayChunk(chunk(standard.id, 'long', 40, 0));
  await app.storage.replays.appendReplayChunk(chunk(standard.id, 'long', 1, 1));
  return { standard, short };
}

const sessionsOf = async (projectId: number) => (await app!.storage.replays.listReplaySessions({ projectId })).map((session) => session.sessionId).sort();

describe('replay retention', () => {
  it('deletes the sessions that ended before each project’s retention, whole, and keeps the rest', async () => {
    const { standard, short } = await setUp(createMemoryStorage(), () => NOW);
    expect(await expireReplays(app!.storage, NOW)).toBe(4);
    expect(await sessionsOf(standard.id)).toEqual(['ended-29', 'ended-3', 'ended-8', 'long']);
    expect(await sessionsOf(short.id)).toEqual(['ended-3']);
    expect(await app!.storage.replays.listReplayChunks(standard.id, 'long')).toHaveLength(2);
    expect(await expireReplays(app!.storage, NOW)).toBe(0);
  });

  it('accepts replay_retention_days from 1 to 3650 whole days in the project settings, and refuses anything else', () => {
    for (const days of [1, 30, 3650]) expect(patchProjectBodySchema.safeParse({ settings: { replay_retention_days: days } }).success).toBe(true);
    for (const days of [0, -1, 1.5, 3651, '30', null]) {
      const parsed = patchProjectBodySchema.safeParse({ settings: { replay_retention_days: days } });
      expect(parsed.error?.issues[0]?.message).toBe('settings.replay_retention_days must be a whole number of days from 1 to 3650');
    }
  });
});

describe.each(databases)('the replay retention worker on %s', (kind) => {
  it.skipIf(!available.get(kind))(
    'expires old sessions on its first tick',
    async () => {
      const { standard, short } = await setUp(await createTestStorage(kind), () => NOW);
      expect(app!.workers.names()).toContain('replay-retention');
      await app!.workers.start();
      await vi.waitFor(
        async () => {
          expect(await sessionsOf(short.id)).toEqual(['ended-3']);
          expect(await sessionsOf(standard.id)).toEqual(['ended-29', 'ended-3', 'ended-8', 'long']);
        },
        { timeout: 20_000, interval: 50 },
      );
    },
    60_000,
  );
});
