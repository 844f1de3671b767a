import { describe, expect, it } from 'vitest';
import type { RunnerTask } from 'vitest';
import { createTwoPortStorage, runStorageConformance, storedEvent, suitesFor, uuidNo } from '@northstar/adapter-testing';

// No ports declared: the runner reads them from an adapter of the factory.
runStorageConformance(() => createTwoPortStorage());

/** The names of the `describe` blocks directly under `task`. */
const suiteNames = (task: RunnerTask | undefined): string[] =>
  task?.type === 'suite' ? task.tasks.filter((child) => child.type === 'suite').map((child) => child.name) : [];

describe('the two-port test adapter', () => {
  it('provides exactly the eventLog and queryEngine ports', () => {
    const storage: object = createTwoPortStorage();
    expect(Object.keys(storage).sort()).toEqual(['dispose', 'eventLog', 'name', 'queryEngine']);
  });

  it('passes exactly the EventLog and QueryEngine suites: the runner registered no other', ({ task }) => {
    const conformance = task.file.tasks.find((child) => child.name === 'storage conformance');
    expect(suiteNames(conformance)).toEqual(['EventLog', 'QueryEngine']);
    expect(suitesFor(['eventLog', 'queryEngine']).map((suite) => suite.name)).toEqual(['EventLog', 'QueryEngine']);
  });

  it('registers no case that needs a person store or a replay store', ({ task }) => {
    const conformance = task.file.tasks.find((child) => child.name === 'storage conformance');
    const eventLog = conformance?.type === 'suite' ? conformance.tasks.find((child) => child.name === 'EventLog') : undefined;
    expect(suiteNames(eventLog)).not.toContain('deleting a project through every port');
  });

  it('counts each event’s user_id, else its device_id, as the person: it has no device links', async () => {
    const { eventLog, queryEngine } = createTwoPortStorage();
    await eventLog.appendEvents([
      storedEvent(1, { device_id: 'd1' }),
      storedEvent(2, { user_id: 'u1', device_id: 'd1' }),
      storedEvent(3, { user_id: 'u1', device_id: 'd2' }),
    ]);
    const day = { kind: 'segmentation' as const, projectId: 1, events: ['$pageview'], interval: 'day' as const, from: 0, to: Date.UTC(2030, 0, 1) };
    expect(await queryEngine.run({ ...day, metric: 'uniq' })).toEqual([{ event: '$pageview', bucket: '2024-03-10', value: 2 }]);
    expect((await queryEngine.run({ kind: 'events', projectId: 1, userId: 'u1' })).map((event) => event.uuid)).toEqual([3, 2].map(uuidNo));
  });
});
