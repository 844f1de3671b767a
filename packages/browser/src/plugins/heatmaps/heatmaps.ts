import { HEATMAP_EVENT, HEATMAP_PAYLOAD_PROPERTY, HEATMAP_WIDTH_PROPERTY, heatmapWidthBucket } from '@northstar/core';
import type { HeatmapClick, HeatmapPayload } from '@northstar/core';
import type { Plugin } from '../../core/client.js';
import { pageHeight } from '../../dom/page.js';
import { createAttention, visibleBands } from './attention.js';
import { clickPosition, fraction } from './click-position.js';

/**
 * Characters of clicks one event carries at most: with the attention and the reach beside them the
 * payload stays under the 8,192 characters the server takes in a string property.
 */
const MAX_CLICK_CHARS = 7500;
/** Clicks one event carries at most (what the server reads of one). */
const MAX_CLICKS = 500;

/**
 * Heatmaps (spec 2.6 `heatmap`): clicks anchored to the element `$click` describes (its stable
 * selector and the click's place inside its box, as fractions), the page view's scroll reach, and
 * attention (ms each twentieth of the document's height was at least half in view while the page was
 * visible). What was gathered goes out as one `$heatmap` event (`@northstar/core`'s `HeatmapPayload`,
 * with the viewport's width bucket): `flushInterval` ms after a click, when the width bucket changes,
 * when the page is hidden, and when the page view ends (the next `$pageview`, or `pagehide`), which
 * also carries the scroll reach. Nothing is sent for a page view with nothing gathered. Scroll,
 * resize and visibility are read at most once per frame, only after they change; no timer runs while
 * nothing happens. `heatmap: false` in the client's config turns the plugin off. Opt in with
 * `init(config).use(heatmaps)`; the CDN script sets it up itself.
 */
export const heatmaps: Plugin = {
  name: 'heatmaps',
  setup: (client) => {
    if (client.config.heatmap === false) return;
    const attention = createAttention();
    let clicks: HeatmapClick[] = [];
    let chars = 0;
    let width = heatmapWidthBucket(innerWidth);
    /** The page view: the furthest the viewport's bottom reached (px), whether it was seen (visible or clicked), whether its last event went. */
    let bottom = 0;
    /** The document's height at the last measure, px. */
    let height = 0;
    let seen = false;
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;

    /** Sends what was gathered under the current width bucket; `last`: the page view ends, its reach goes too. */
    const send = (last: boolean): void => {
      clearTimeout(timer);
      timer = undefined;
      const payload: HeatmapPayload = { v: 1 };
      const a = attention.take(Date.now());
      if (clicks.length) payload.c = clicks;
      if (a.length) payload.a = a;
      seen ||= a.length > 0;
      // Over the height at the end: a document that grew (images, content loaded) does not inflate the
      // reach. None for a page view that ends before its document is parsed.
      if (last && seen && !ended && height > 0) payload.s = fraction(bottom / height);
      ended ||= last;
      clicks = [];
      chars = 0;
      if (payload.c || payload.a || payload.s !== undefined) {
        client.track(HEATMAP_EVENT, { [HEATMAP_PAYLOAD_PROPERTY]: JSON.stringify(payload), [HEATMAP_WIDTH_PROPERTY]: width });
      }
    };
    /**
     * Reads the viewport (one layout read: the document's height); a new width bucket first sends what
     * the old one gathered. A document still being parsed has no height worth reading: no band counts yet.
     */
    const measure = (): void => {
      const parsed = document.readyState !== 'loading';
      height = parsed ? pageHeight() : 0;
      bottom = Math.max(bottom, scrollY + innerHeight);
      attention.move(Date.now(), visibleBands(scrollY, innerHeight, height), parsed && document.visibilityState !== 'hidden');
      const bucket = heatmapWidthBucket(innerWidth);
      if (bucket === width) return;
      send(false);
      width = bucket;
    };
    const end = (): void => {
      measure();
      send(true);
    };
    const schedule = (): void => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    const begin = (): void => {
      bottom = 0;
      seen = ended = false;
      schedule();
    };

    const onClick = (event: MouseEvent): void => {
      const click = clickPosition(event);
      if (!click) return;
      if (heatmapWidthBucket(innerWidth) !== width) measure();
      const size = JSON.stringify(click).length + 1;
      if (clicks.length >= MAX_CLICKS || chars + size > MAX_CLICK_CHARS) send(false);
      clicks.push(click);
      chars += size;
      seen = true;
      timer ??= setTimeout(() => {
        measure();
        send(false);
      }, client.config.flushInterval);
    };
    const onVisibility = (): void => {
      measure();
      if (document.visibilityState === 'hidden') send(false);
    };
    const onShow = (event: PageTransitionEvent): void => {
      // Back from the back-forward cache: a new page view.
      if (event.persisted) begin();
    };
    const passive = { capture: true, passive: true };
    document.addEventListener('click', onClick, passive);
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule, { passive: true });
    // Capture phase: before the SDK's own pagehide / visibilitychange listeners send the queue.
    document.addEventListener('visibilitychange', onVisibility, true);
    addEventListener('pagehide', end, true);
    addEventListener('pageshow', onShow);
    // Set up from the page's <head>: the bands count once the document is parsed.
    document.addEventListener('DOMContentLoaded', measure);
    // Before the page context moves on: the page view's last event carries the page it measured.
    const off = client.on('pageview', () => {
      end();
      begin();
    });
    measure();
    return () => {
      document.removeEventListener('click', onClick, passive);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      document.removeEventListener('visibilitychange', onVisibility, true);
      removeEventListener('pagehide', end, true);
      removeEventListener('pageshow', onShow);
      document.removeEventListener('DOMContentLoaded', measure);
      off();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  },
};
