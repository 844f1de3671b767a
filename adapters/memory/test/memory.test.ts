import { describe, expect, it } from 'vitest';
import { runStorageConformance } from '@northstar/adapter-testing';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { storedEvent } from '@northstar/adapter-testing';
import type { EngineQuery } from '@northstar/server';

runStorageConformance(() => createMemoryStorage());

describe('memory storage', () => {
  it('is named "memory"', () => {
    expect(createMemoryStorage().name).toBe('memory');
  });

  it('stamps created_at with its clock', async () => {
    const storage = createMemoryStorage({ now: () => Date.UTC(2024, 0, 2) });
    expect((await storage.config.createProject({ name: 'P', plan: 'free' })).created_at).toBe('2024-01-02T00:00:00.000Z');
  });

  it('stops a segmentation, a funnel or a retention query past its timeoutMs with a 503 (the clock is read every 4096 events, the first included)', async () => {
    const storage = createMemoryStorage();
    await storage.eventLog.appendEvents([storedEvent(1)]);
    const query: EngineQuery & { kind: 'segmentation' } = {
      kind: 'segmentation',
      projectId: 1,
      events: ['$pageview'],
      metric: 'total',
      interval: 'day',
      from: 0,
      to: Date.UTC(2030, 0, 1),
    };
    await expect(storage.queryEngine.run({ ...query, timeoutMs: 0 })).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('ran longer than 0 ms'),
    });
    await expect(storage.queryEngine.run({ ...query, metric: 'mau', timeoutMs: 0 })).rejects.toMatchObject({ status: 503 });
    expect(await storage.queryEngine.run({ ...query, timeoutMs: 60_000 })).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 1 }]);
    const steps = [{ event: '$pageview' }, { event: '$pageview' }];
    const funnel = { kind: 'funnel' as const, projectId: 1, steps, from: 0, to: Date.UTC(2030, 0, 1), windowMs: 86_400_000 };
    await expect(storage.queryEngine.run({ ...funnel, timeoutMs: 0 })).rejects.toMatchObject({ status: 503 });
    const retention = { kind: 'retention' as const, projectId: 1, start: steps[0]!, return: steps[0]!, period: 'day' as const, periods: 2 };
    await expect(storage.queryEngine.run({ ...retention, from: 0, to: Date.UTC(2030, 0, 1), timeZone: 'UTC', timeoutMs: 0 })).rejects.toMatchObject({
      status: 503,
    });
  });

  it('forgets everything on dispose', async () => {
    const storage = createMemoryStorage();
    await storage.eventLog.appendEvents([storedEvent(1)]);
    await storage.dispose();
    expect(await storage.eventLog.getEvent(1, storedEvent(1).uuid)).toBeUndefined();
  });
});
