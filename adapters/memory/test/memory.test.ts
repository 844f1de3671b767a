import { describe, expect, it } from 'vitest';
import { runStorageConformance } from '@northstar/adapter-testing';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { storedEvent } from '@northstar/adapter-testing';

runStorageConformance(() => createMemoryStorage());

describe('memory storage', () => {
  it('is named "memory"', () => {
    expect(createMemoryStorage().name).toBe('memory');
  });

  it('stamps created_at with its clock', async () => {
    const storage = createMemoryStorage({ now: () => Date.UTC(2024, 0, 2) });
    expect((await storage.config.createProject({ name: 'P', plan: 'free' })).created_at).toBe('2024-01-02T00:00:00.000Z');
  });

  it('forgets everything on dispose', async () => {
    const storage = createMemoryStorage();
    await storage.eventLog.appendEvents([storedEvent(1)]);
    await storage.dispose();
    expect(await storage.eventLog.getEvent(1, storedEvent(1).uuid)).toBeUndefined();
  });
});
