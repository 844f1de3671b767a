import { expect, it } from 'vitest';
import type { StorageAdapter } from '@northstar/server';
import { storedEvent } from './dataset.js';

/** Device→user links and user properties. */
export function peopleCases(adapter: () => StorageAdapter): void {
  it('links a device once: created, then unchanged for the same user, conflict for another', async () => {
    const { events } = adapter();
    expect(await events.linkDevice(1, 'dev', 'alice')).toBe('created');
    expect(await events.linkDevice(1, 'dev', 'alice')).toBe('unchanged');
    expect(await events.linkDevice(1, 'dev', 'bob')).toBe('conflict');
    expect(await events.linkDevice(1, 'dev', 'Alice')).toBe('conflict');
    expect(await events.linkDevice(2, 'dev', 'bob')).toBe('created');
  });

  it('keeps the first user of a device after a conflicting link', async () => {
    const { events } = adapter();
    await events.linkDevice(1, 'dev', 'alice');
    await events.linkDevice(1, 'dev', 'bob');
    await events.appendEvents([storedEvent(1, { device_id: 'dev' }), storedEvent(2, { user_id: 'alice' }), storedEvent(3, { user_id: 'bob' })]);
    const rows = await events.aggregate({ projectId: 1, events: ['$pageview'], metric: 'uniq', interval: 'day', from: 0, to: Date.UTC(2030, 0, 1) });
    expect(rows).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
  });

  it('counts a device and its user once per day whichever came first', async () => {
    const { events } = adapter();
    await events.appendEvents([storedEvent(1, { device_id: 'd1' }), storedEvent(2, { user_id: 'u1', device_id: 'd1' })]);
    await events.linkDevice(1, 'd1', 'u1');
    await events.appendEvents([storedEvent(3, { device_id: 'd1' }), storedEvent(4, { device_id: 'd2' })]);
    await events.linkDevice(1, 'd2', 'u1');
    const day = { projectId: 1, events: ['$pageview'], interval: 'day' as const, from: 0, to: Date.UTC(2030, 0, 1) };
    expect(await events.aggregate({ ...day, metric: 'uniq' })).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 1 }]);
    expect(await events.aggregate({ ...day, metric: 'total' })).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 4 }]);
    expect(await events.aggregate({ ...day, metric: 'uniq', interval: 'hour' })).toEqual([{ event: '$pageview', bucket: '2024-03-10T01:00:00.000Z', value: 1 }]);
  });

  it('merges user properties, null deleting a key, per project', async () => {
    const { events } = adapter();
    expect(await events.getUserProperties(1, 'alice')).toEqual({});
    await events.setUserProperties(1, 'alice', { plan: 'pro', name: 'Zoë 🚀', visits: 3 });
    await events.setUserProperties(1, 'alice', { plan: null, beta: true, visits: 4 });
    await events.setUserProperties(2, 'alice', { plan: 'free' });
    expect(await events.getUserProperties(1, 'alice')).toEqual({ name: 'Zoë 🚀', beta: true, visits: 4 });
    expect(await events.getUserProperties(2, 'alice')).toEqual({ plan: 'free' });
    expect(await events.getUserProperties(1, 'Alice')).toEqual({});
  });
}
