import { EventType } from 'rrweb';
import type { eventWithTime } from 'rrweb';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_TAG, inSnapshotOrder } from '../src/plugins/replay/snapshot-order.js';

const { FullSnapshot: FULL_SNAPSHOT, IncrementalSnapshot: INCREMENTAL, Meta: META, Custom: CUSTOM } = EventType;

const event = (type: EventType, timestamp: number, data: unknown = {}): eventWithTime => ({ type, timestamp, data }) as eventWithTime;

function ordered(): { emit: (event: eventWithTime) => void; out: eventWithTime[] } {
  const out: eventWithTime[] = [];
  return { emit: inSnapshotOrder((e) => void out.push(e)), out };
}

describe('rrweb’s events around a full snapshot taken in slices', () => {
  it('passes on the events of a recording whose snapshot is done at once', () => {
    const { emit, out } = ordered();
    emit(event(INCREMENTAL, 5));
    expect(out).toEqual([event(INCREMENTAL, 5)]);
  });

  it('holds what comes between a Meta and its FullSnapshot, and passes it on after the FullSnapshot, which takes the Meta’s time', () => {
    const { emit, out } = ordered();
    emit(event(META, 100));
    emit(event(INCREMENTAL, 120, { source: 2 }));
    emit(event(INCREMENTAL, 150, { source: 3 }));
    expect(out).toEqual([]);
    emit(event(FULL_SNAPSHOT, 180, { node: 'tree' }));
    emit(event(INCREMENTAL, 181, { source: 0 }));
    expect(out.map((e) => [e.type, e.timestamp])).toEqual([
      [META, 100],
      [FULL_SNAPSHOT, 100],
      [INCREMENTAL, 120],
      [INCREMENTAL, 150],
      [CUSTOM, 180],
      [INCREMENTAL, 181],
    ]);
    expect(out[1]?.data).toEqual({ node: 'tree' });
  });

  it('follows each FullSnapshot with a custom event of how long it took, from its Meta', () => {
    const { emit, out } = ordered();
    emit(event(META, 1000));
    emit(event(FULL_SNAPSHOT, 1640));
    expect(out.at(-1)).toEqual(event(CUSTOM, 1640, { tag: SNAPSHOT_TAG, payload: { duration: 640 } }));
  });

  it('drops what was held with a Meta whose snapshot gave way to a new one', () => {
    const { emit, out } = ordered();
    emit(event(META, 100));
    emit(event(INCREMENTAL, 110));
    emit(event(META, 200));
    emit(event(INCREMENTAL, 210));
    emit(event(FULL_SNAPSHOT, 300));
    expect(out.map((e) => [e.type, e.timestamp])).toEqual([
      [META, 200],
      [FULL_SNAPSHOT, 200],
      [INCREMENTAL, 210],
      [CUSTOM, 300],
    ]);
  });
});
