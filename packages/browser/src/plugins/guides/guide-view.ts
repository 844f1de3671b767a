import type { Client } from '../../core/client.js';
import type { Properties } from '../../core/properties.js';
import { trackOverlay } from '../../overlay/interaction-events.js';
import type { OverlayHost } from '../../overlay/overlay-host.js';
import type { Guide } from './guide-types.js';

/** What a guide type's renderer gets: its guide, its host, and the ways it ends. */
export interface GuideView<G extends Guide = Guide> {
  readonly client: Client;
  readonly guide: G;
  readonly host: OverlayHost;
  /** `$guide_shown` (a tour sends one per step, with `step`). */
  shown(properties?: Properties): void;
  /** `$guide_dismissed` with `reason` (`close`, `escape`, `overlay`, `skip`), then the guide goes. */
  dismiss(reason: string, properties?: Properties): void;
  /** `$guide_completed`, then the guide goes. */
  complete(properties?: Properties): void;
  /** The guide's progress in this browser (a tour's step, a checklist's ticked items), kept across page views. */
  progress<T>(): T | undefined;
  setProgress(value: unknown): void;
}

/** Draws a guide of one type into its view's host; returns what removes its listeners and gives focus back. */
export type GuideRender<G extends Guide> = (view: GuideView<G>, anchor: Element | undefined) => () => void;

/**
 * How a type waits until its guide can show on this page: `ready` with the element it points at (a
 * tooltip, a tour step with a selector), `missing` when that element never comes. Types without one are
 * ready at once. Returns what stops waiting.
 */
export type GuideWait<G extends Guide> = (guide: G, client: Client, ready: (anchor?: Element) => void, missing: (selector: string) => void) => () => void;

/** The store key of a guide's progress. */
const progressKey = (guide: Guide): string => `guide_${guide.id}`;

/** The view of `guide` in `host`; `closed` runs once, after the guide ended by `dismiss` or `complete`. */
export function guideView<G extends Guide>(client: Client, guide: G, host: OverlayHost, closed: () => void): GuideView<G> {
  let ended = false;
  const end = (action: 'dismissed' | 'completed', properties?: Properties): void => {
    if (ended) return;
    ended = true;
    trackOverlay(client, 'guide', action, guide, properties);
    client.run?.store.del(progressKey(guide));
    closed();
  };
  return {
    client,
    guide,
    host,
    shown: (properties) => trackOverlay(client, 'guide', 'shown', guide, properties),
    dismiss: (reason, properties) => end('dismissed', { reason, ...properties }),
    complete: (properties) => end('completed', properties),
    progress: <T>() => client.run?.store.get(progressKey(guide)) as T | undefined,
    setProgress: (value) => client.run?.store.set(progressKey(guide), value),
  };
}
