import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { runStorageConformance } from '@northstar/adapter-testing';

// A full adapter tested on the ports it is declared to provide, and no others.
runStorageConformance(() => createMemoryStorage(), { ports: ['replays', 'config'] });

describe('declared ports', () => {
  it('registers the suites of the declared ports only, in the runner’s order', ({ task }) => {
    const conformance = task.file.tasks.find((child) => child.name === 'storage conformance');
    const names = conformance?.type === 'suite' ? conformance.tasks.map((child) => child.name) : [];
    expect(names).toEqual(['ReplayStore', 'ConfigStore']);
  });
});
