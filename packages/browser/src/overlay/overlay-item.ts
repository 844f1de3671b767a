import type { Client } from '../core/client.js';

/** The two kinds of things drawn over the page; each has its own decide route, events and renderer chunk. */
export type OverlayKind = 'guide' | 'survey';

/** What every item of `/v1/decide/guides` and `/v1/decide/surveys` has; the rest depends on its `type`. */
export interface OverlayItem {
  /** The document id. */
  id: number;
  type: string;
  name: string;
  /** With `variant`: the flag the item was decided on. */
  flag_key?: string;
  /** The person's value of `flag_key` (a variant key, or true for a boolean flag). */
  variant?: string | true;
  /** With `flag_key`: the values of the flag the item shows for (spec: `flag_key` plus `variants[]`). */
  variants?: (string | true)[];
}

/** Draws a page view's items of one kind; what the lazily loaded chunk of that kind exports. */
export interface OverlayRenderer<T extends OverlayItem = OverlayItem> {
  /**
   * Shows what the frequency cap lets through of `items` (decided for this page view, in id order) and
   * returns what removes it all, silently, when the page view ends or the client is destroyed.
   */
  mount(client: Client, items: T[]): () => void;
}
