// @vitest-environment jsdom
import { createRequire } from 'node:module';
import { EventType, record } from 'rrweb';
import type { eventWithTime, recordOptions as RecordOptions } from 'rrweb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_CAPTURE } from '../src/dom/no-capture.js';
import { REPLAY_DEFAULTS } from '../src/plugins/replay/options.js';
import { recordOptions } from '../src/plugins/replay/record-options.js';
import type { SlicedRecordOptions } from '../src/plugins/replay/sliced-snapshot.js';
import { pageTask } from '../src/plugins/replay/time-slice.js';
import { FIXTURE, attachShadow, normalised } from './replay-fixture.js';
import type { SerializedTree } from './replay-fixture.js';

const { FullSnapshot: FULL_SNAPSHOT, IncrementalSnapshot: INCREMENTAL, Meta: META } = EventType;

/** rrweb as published (its CommonJS build, which the build's patch does not touch): the synchronous snapshot. */
const unpatched = createRequire(import.meta.url)('rrweb') as { record: typeof record };

/** The recorder's own options for rrweb: its masking, blocking and slimming. */
const OPTIONS = recordOptions(REPLAY_DEFAULTS, NO_CAPTURE);

interface Recording {
  events: eventWithTime[];
  /** The types of the events emitted before record() returned. */
  duringRecord: number[];
  stop(): void;
}

let running: Recording[] = [];
/** Records the page with the rrweb we ship (patched), `sliceBudgetMs` per slice. */
function recordSliced(sliceBudgetMs?: number): Recording {
  const events: eventWithTime[] = [];
  const options: RecordOptions<eventWithTime> & SlicedRecordOptions = { ...OPTIONS, emit: (event) => void events.push(event), sliceBudgetMs };
  const stop = record(options);
  const recording = { events, duringRecord: events.map((e) => e.type), stop: () => stop?.() };
  running.push(recording);
  return recording;
}
/** The FullSnapshot rrweb as published takes of the page now, synchronously. */
function snapshotUnpatched(): SerializedTree {
  const events: eventWithTime[] = [];
  const stop = unpatched.record({ ...OPTIONS, emit: (event) => void events.push(event) });
  stop?.();
  const full = events.find((e) => e.type === FULL_SNAPSHOT);
  if (!full) throw new Error('rrweb took no full snapshot');
  return (full.data as { node: SerializedTree }).node;
}
const treeOf = (recording: Recording): SerializedTree | undefined =>
  (recording.events.find((e) => e.type === FULL_SNAPSHOT)?.data as { node: SerializedTree } | undefined)?.node;

/** Runs page tasks (one MessageChannel turn each, as the slicer yields) until `done`, counting them. */
async function pageTasksUntil(done: () => boolean, max = 100_000): Promise<number> {
  let tasks = 0;
  while (!done()) {
    if (++tasks > max) throw new Error('the snapshot did not finish');
    await pageTask();
  }
  return tasks;
}

beforeEach(() => {
  running = [];
  document.documentElement.innerHTML = FIXTURE;
  attachShadow(document.getElementById('host'));
});
afterEach(() => running.forEach((r) => r.stop()));

describe('the full snapshot in time slices (the build’s rrweb patch)', () => {
  it('serialises the page as rrweb’s synchronous snapshot does: the same tree, ids in the same order, the same masking', async () => {
    const expected = normalised(snapshotUnpatched());
    const recording = recordSliced();
    await pageTasksUntil(() => treeOf(recording) !== undefined);
    expect(normalised(treeOf(recording)!)).toEqual(expected);

    const text = JSON.stringify(treeOf(recording));
    expect(text).toContain('visible text');
    expect(text).toContain('shadow text');
    for (const secret of ['typed-secret', 'csrf-secret', 'password-secret', 'textarea-secret', 'blocked text']) expect(text, secret).not.toContain(secret);
  });

  it('with a budget of 0 ms serialises a node per slice, yielding to the page between them, and still gives the same tree', async () => {
    const expected = normalised(snapshotUnpatched());
    const recording = recordSliced(0);
    expect(recording.duringRecord).toEqual([META]);
    const pageTasks = await pageTasksUntil(() => treeOf(recording) !== undefined);
    expect(pageTasks).toBeGreaterThan(200);
    expect(normalised(treeOf(recording)!)).toEqual(expected);
    expect(recording.events.map((e) => e.type)).toEqual([META, FULL_SNAPSHOT]);
  });

  it('takes a page that fits in one slice synchronously, inside record(), as rrweb does', () => {
    document.body.innerHTML = '<p>small page</p>';
    const recording = recordSliced();
    expect(recording.duringRecord).toEqual([META, FULL_SNAPSHOT]);
  });

  it('emits the changes made during the slices after the FullSnapshot, as mutations', async () => {
    const recording = recordSliced(0);
    await pageTask();
    document.getElementById('title')!.textContent = 'changed title';
    document.getElementById('list')!.append(Object.assign(document.createElement('li'), { textContent: 'added during the slices' }));
    await pageTasksUntil(() => treeOf(recording) !== undefined);
    await pageTask();
    const types = recording.events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual([META, FULL_SNAPSHOT]);
    const after = JSON.stringify(recording.events.slice(2));
    expect(types.slice(2)).toContain(INCREMENTAL);
    expect(after).toContain('added during the slices');
  });

  it('stopped mid-way, emits nothing more; a new recording then records the page and its changes', async () => {
    const first = recordSliced(0);
    await pageTask();
    first.stop();
    document.getElementById('title')!.textContent = 'changed after stop';
    for (let i = 0; i < 50; i++) await pageTask();
    expect(first.events.map((e) => e.type)).toEqual([META]);

    document.body.innerHTML = '<p id="small">small page</p>';
    const second = recordSliced();
    expect(second.duringRecord).toEqual([META, FULL_SNAPSHOT]);
    document.getElementById('small')!.textContent = 'changed while recording';
    await pageTask();
    expect(JSON.stringify(second.events.slice(2))).toContain('changed while recording');
  });

  it('a new full snapshot cancels the one under way: one FullSnapshot, then the changes made during both', async () => {
    const recording = recordSliced(0);
    await pageTask();
    document.getElementById('title')!.textContent = 'during the first';
    await pageTask();
    record.takeFullSnapshot();
    document.getElementById('list')!.append(Object.assign(document.createElement('li'), { textContent: 'during the second' }));
    await pageTasksUntil(() => treeOf(recording) !== undefined);
    await pageTask();
    const types = recording.events.map((e) => e.type);
    expect(types.filter((t) => t === FULL_SNAPSHOT)).toHaveLength(1);
    expect(types.slice(0, 3)).toEqual([META, META, FULL_SNAPSHOT]);
    const tree = JSON.stringify(treeOf(recording));
    const after = JSON.stringify(recording.events.slice(3));
    // Each change is either in the FullSnapshot (the node was serialised after it) or emitted after it.
    expect(tree.includes('during the first') || after.includes('during the first')).toBe(true);
    expect(tree.includes('during the second') || after.includes('during the second')).toBe(true);
  });
});
