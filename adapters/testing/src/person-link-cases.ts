import { expect, it } from 'vitest';
import type { ConformanceContext } from './conformance-context.js';
import { storedEvent } from './dataset.js';

/** `PersonStore`: device→user links and user properties; how links count in queries needs `eventLog` and `queryEngine`. */
export function personLinkCases({ ports, provides }: ConformanceContext): void {
  it('links a device once: created, then unchanged for the same user, conflict for another', async () => {
    const { people } = ports();
    expect(await people.linkDevice(1, 'dev', 'alice')).toBe('created');
    expect(await people.linkDevice(1, 'dev', 'alice')).toBe('unchanged');
    expect(await people.linkDevice(1, 'dev', 'bob')).toBe('conflict');
    expect(await people.linkDevice(1, 'dev', 'Alice')).toBe('conflict');
    expect(await people.linkDevice(2, 'dev', 'bob')).toBe('created');
  });

  if (provides('eventLog', 'queryEngine')) {
    it('keeps the first user of a device after a conflicting link', async () => {
      const { eventLog, queryEngine, people } = ports();
      await people.linkDevice(1, 'dev', 'alice');
      await people.linkDevice(1, 'dev', 'bob');
      await eventLog.appendEvents([storedEvent(1, { device_id: 'dev' }), storedEvent(2, { user_id: 'alice' }), storedEvent(3, { user_id: 'bob' })]);
      const rows = await queryEngine.run({
        kind: 'segmentation',
        projectId: 1,
        events: ['$pageview'],
        metric: 'uniq',
        interval: 'day',
        from: 0,
        to: Date.UTC(2030, 0, 1),
      });
      expect(rows).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
    });
  }

  if (provides('eventLog', 'queryEngine')) {
    it('counts a device and its user once per day whichever came first', async () => {
      const { eventLog, queryEngine, people } = ports();
      await eventLog.appendEvents([storedEvent(1, { device_id: 'd1' }), storedEvent(2, { user_id: 'u1', device_id: 'd1' })]);
      await people.linkDevice(1, 'd1', 'u1');
      await eventLog.appendEvents([storedEvent(3, { device_id: 'd1' }), storedEvent(4, { device_id: 'd2' })]);
      await people.linkDevice(1, 'd2', 'u1');
      const day = { projectId: 1, events: ['$pageview'], interval: 'day' as const, from: 0, to: Date.UTC(2030, 0, 1) };
      expect(await queryEngine.run({ kind: 'segmentation', ...day, metric: 'uniq' })).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 1 }]);
      expect(await queryEngine.run({ kind: 'segmentation', ...day, metric: 'total' })).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 4 }]);
      expect(await queryEngine.run({ kind: 'segmentation', ...day, metric: 'uniq', interval: 'hour' })).toEqual([
        { event: '$pageview', bucket: '2024-03-10T01:00:00+00:00', value: 1 },
      ]);
    });
  }

  it('merges user properties, null deleting a key, per project', async () => {
    const { people } = ports();
    expect(await people.getUserProperties(1, 'alice')).toEqual({});
    await people.setUserProperties(1, 'alice', { plan: 'pro', name: 'Zoë 🚀', visits: 3 });
    await people.setUserProperties(1, 'alice', { plan: null, beta: true, visits: 4 });
    await people.setUserProperties(2, 'alice', { plan: 'free' });
    expect(await people.getUserProperties(1, 'alice')).toEqual({ name: 'Zoë 🚀', beta: true, visits: 4 });
    expect(await people.getUserProperties(2, 'alice')).toEqual({ plan: 'free' });
    expect(await people.getUserProperties(1, 'Alice')).toEqual({});
  });

  it('lists the devices linked to a user in code-point order, per project', async () => {
    const { people } = ports();
    expect(await people.linkedDevices(1, 'alice')).toEqual([]);
    for (const device of ['😀', 'b', 'a', 'ｚ', 'B']) await people.linkDevice(1, device, 'alice');
    await people.linkDevice(1, 'c', 'bob');
    await people.linkDevice(1, 'a', 'bob');
    await people.linkDevice(2, 'd', 'alice');
    expect(await people.linkedDevices(1, 'alice')).toEqual(['B', 'a', 'b', 'ｚ', '😀']);
    expect(await people.linkedDevices(1, 'bob')).toEqual(['c']);
    expect(await people.linkedDevices(2, 'alice')).toEqual(['d']);
    expect(await people.linkedDevices(1, 'Alice')).toEqual([]);
  });

  it('deletes the links and properties of one project, leaving other projects alone', async () => {
    const { people } = ports();
    await people.linkDevice(1, 'dev', 'alice');
    await people.setUserProperties(1, 'alice', { plan: 'pro' });
    await people.linkDevice(2, 'dev', 'alice');
    await people.setUserProperties(2, 'alice', { plan: 'free' });
    await people.deleteProject(1);
    expect(await people.linkedDevices(1, 'alice')).toEqual([]);
    expect(await people.getUserProperties(1, 'alice')).toEqual({});
    expect(await people.linkDevice(1, 'dev', 'bob')).toBe('created');
    expect(await people.linkedDevices(2, 'alice')).toEqual(['dev']);
    expect(await people.getUserProperties(2, 'alice')).toEqual({ plan: 'free' });
  });
}
