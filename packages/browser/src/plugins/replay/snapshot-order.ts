import { EventType } from 'rrweb';
import type { eventWithTime } from 'rrweb';

/** The tag of the custom event that follows each full snapshot: `{ duration }`, ms from its Meta to its end. */
export const SNAPSHOT_TAG = 'northstar.snapshot';

/**
 * rrweb's events in an order the player can replay while the full snapshot is taken in slices (sliced-snapshot.ts).
 * rrweb emits a Meta, serialises the document over several tasks, then emits the FullSnapshot; the page's input,
 * scrolls and mouse moves meanwhile are emitted as they happen, before the FullSnapshot they apply to. Everything
 * from a Meta to its FullSnapshot is held back and passed on after it, and the FullSnapshot takes the Meta's
 * timestamp, so that timestamps never decrease (rrweb's Replayer sorts the events by timestamp, stably). Then a
 * custom event `northstar.snapshot` says how long the snapshot took (the recorder's cost, published in the
 * recording). The mutations of that time follow by themselves: rrweb's buffers stay locked until after the
 * FullSnapshot. A Meta whose snapshot is cancelled (a new snapshot, rrweb stopped) drops what was held with it.
 */
export function inSnapshotOrder(emit: (event: eventWithTime) => void): (event: eventWithTime) => void {
  let held: eventWithTime[] | undefined;
  return (event) => {
    if (event.type === EventType.Meta) held = [event];
    else if (!held) emit(event);
    else if (event.type !== EventType.FullSnapshot) held.push(event);
    else {
      const [meta, ...during] = held as [eventWithTime, ...eventWithTime[]];
      held = undefined;
      emit(meta);
      emit({ ...event, timestamp: meta.timestamp });
      during.forEach(emit);
      emit({ type: EventType.Custom, timestamp: event.timestamp, data: { tag: SNAPSHOT_TAG, payload: { duration: event.timestamp - meta.timestamp } } });
    }
  };
}
