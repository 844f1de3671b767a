// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEATMAP_ATTENTION_BANDS, parseHeatmapPayload } from '@northstar/core';
import type { HeatmapPayload, TrackedEvent } from '@northstar/core';
import { heatmaps, pageViews } from '../src/index.js';
import type { Northstar } from '../src/index.js';
import { visibleBands } from '../src/plugins/heatmaps/attention.js';
import { h, page } from './dom-builder.js';
import { delivered, startClient, useApi } from './msw-api.js';

useApi();

/** Sets a read-only property of the window or the document for this test. */
const set = (target: object, key: string, value: unknown): void => void Object.defineProperty(target, key, { value, configurable: true });
/** A viewport `width` × `height` px over a document `documentHeight` px tall, scrolled to `top`. */
function viewport(width: number, height: number, documentHeight: number, top = 0): void {
  set(window, 'innerWidth', width);
  set(window, 'innerHeight', height);
  set(window, 'scrollY', top);
  set(document.documentElement, 'scrollHeight', documentHeight);
}
const scrollTo = (top: number): void => {
  set(window, 'scrollY', top);
  dispatchEvent(new Event('scroll'));
};
const visibility = (state: DocumentVisibilityState): void => {
  set(document, 'visibilityState', state);
  document.dispatchEvent(new Event('visibilitychange'));
};
/** Gives `el` a box at (`left`, `top`), `width` × `height` px. */
function box<T extends Element>(el: T, left: number, top: number, width: number, height: number): T {
  el.getBoundingClientRect = () => ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect;
  return el;
}
/** A real mouse click (`detail` 1) at (`x`, `y`) in the viewport. */
const click = (el: Element, x: number, y: number, detail = 1): boolean =>
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y, detail }));

/** The `$heatmap` events `client` queues from now on, as the server reads them. */
function heatmapsOf(client: Northstar): { width: number | undefined; path: string | undefined; payload: HeatmapPayload | null; event: TrackedEvent }[] {
  const out: ReturnType<typeof heatmapsOf> = [];
  client.on('event', (event) => {
    if (event.event_name !== '$heatmap') return;
    const payload = parseHeatmapPayload(event.str_properties?.$heatmap ?? '');
    out.push({ width: event.num_properties?.$heatmap_width, path: event.str_properties?.$pathname, payload, event });
  });
  return out;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
  viewport(1280, 800, 4000);
});
afterEach(() => {
  vi.useRealTimers();
  set(document, 'visibilityState', 'visible');
  set(document, 'readyState', 'complete');
  history.replaceState(null, '', '/');
  page();
});

describe('heatmap clicks', () => {
  it('anchors a click to the element $click describes: its stable selector and the place inside its box as fractions', () => {
    const icon = h('i', {}, '*');
    const button = box(h('button', { 'data-testid': 'buy' }, icon, 'Buy'), 100, 50, 200, 40);
    page(h('main', {}, button));
    const sent = heatmapsOf(startClient({ flushInterval: 1000 }).use(heatmaps));
    click(icon, 150, 60);
    click(button, 299.99, 89.5);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.width).toBe(1200);
    expect(sent[0]?.payload?.c).toEqual([
      ['button[data-testid="buy"]', 0.25, 0.25],
      ['button[data-testid="buy"]', 1, 0.988],
    ]);
  });

  it('clamps a position outside the box to 0–1 and takes the middle of a box with no size', () => {
    const wide = box(h('div', { id: 'wide' }), 0, 0, 100, 100);
    const flat = box(h('span', { id: 'flat' }), 10, 10, 0, 0);
    page(wide, flat);
    const sent = heatmapsOf(startClient({ flushInterval: 1000 }).use(heatmaps));
    click(wide, -5, 140);
    click(flat, 10, 10);
    vi.advanceTimersByTime(1000);
    expect(sent[0]?.payload?.c).toEqual([
      ['#wide', 0, 1],
      ['#flat', 0.5, 0.5],
    ]);
  });

  it('never takes a password field, anything inside .sdk-no-capture / [data-sdk-no-capture], or a click with no pointer position', () => {
    const password = box(h('input', { type: 'password', name: 'pw' }), 0, 0, 100, 20);
    const hidden = box(h('button', { id: 'hidden' }, 'x'), 0, 30, 100, 20);
    const hiddenToo = box(h('a', { id: 'a', href: '/x' }, 'y'), 0, 60, 100, 20);
    const ok = box(h('button', { id: 'ok' }, 'ok'), 0, 90, 100, 20);
    page(password, h('div', { class: 'sdk-no-capture' }, hidden), h('section', { 'data-sdk-no-capture': '' }, hiddenToo), ok);
    const sent = heatmapsOf(startClient({ flushInterval: 1000 }).use(heatmaps));
    for (const el of [password, hidden, hiddenToo]) click(el, 50, 10);
    click(ok, 50, 100, 0); // Enter on a focused button: a click with detail 0 and no real position
    (ok as HTMLButtonElement).click();
    vi.advanceTimersByTime(1000);
    expect(sent.flatMap((e) => e.payload?.c ?? [])).toEqual([]);
  });

  it('sends clicks in batches: one event flushInterval after the first click, then the next batch after the next click', () => {
    const button = box(h('button', { id: 'b' }), 0, 0, 100, 100);
    page(button);
    const sent = heatmapsOf(startClient({ flushInterval: 2000 }).use(heatmaps));
    click(button, 10, 10);
    vi.advanceTimersByTime(1500);
    click(button, 20, 20);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(sent.map((e) => e.payload?.c?.length)).toEqual([2]);
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(1);
    click(button, 30, 30);
    vi.advanceTimersByTime(2000);
    expect(sent.map((e) => e.payload?.c?.length)).toEqual([2, 1]);
  });

  it('keeps each event within what the server takes: a long burst of clicks is split before a payload passes 8,192 characters', () => {
    const button = box(h('button', { 'data-testid': 'a-rather-long-test-id-for-a-button-of-this-page' }), 0, 0, 100, 100);
    page(button);
    const sent = heatmapsOf(startClient({ flushInterval: 60_000 }).use(heatmaps));
    for (let i = 0; i < 600; i++) click(button, i % 100, (i * 7) % 100);
    vi.advanceTimersByTime(60_000);
    expect(sent.length).toBeGreaterThan(1);
    for (const e of sent) expect(e.event.str_properties?.$heatmap?.length).toBeLessThanOrEqual(8192);
    expect(sent.flatMap((e) => e.payload?.c ?? [])).toHaveLength(600);
  });

  it('files clicks under the width bucket of the viewport they were made in: a new bucket first sends what the old one gathered', () => {
    const button = box(h('button', { id: 'b' }), 0, 0, 100, 100);
    page(button);
    const sent = heatmapsOf(startClient({ flushInterval: 1000 }).use(heatmaps));
    click(button, 10, 10);
    set(window, 'innerWidth', 400);
    click(button, 90, 90);
    vi.advanceTimersByTime(1000);
    expect(sent.map((e) => [e.width, e.payload?.c])).toEqual([
      [1200, [['#b', 0.1, 0.1]]],
      [0, [['#b', 0.9, 0.9]]],
    ]);
  });
});

describe('scroll reach and attention', () => {
  it('names the bands at least half in view', () => {
    // A 4000 px document: bands of 200 px. An 800 px viewport at 0 covers bands 0-3; at 100, band 0 half and band 4 half.
    expect(visibleBands(0, 800, 4000)).toEqual([0, 3]);
    expect(visibleBands(100, 800, 4000)).toEqual([0, 4]);
    expect(visibleBands(150, 800, 4000)).toEqual([1, 4]);
    expect(visibleBands(3200, 800, 4000)).toEqual([16, 19]);
    expect(visibleBands(0, 800, 500)).toEqual([0, HEATMAP_ATTENTION_BANDS - 1]);
    expect(visibleBands(0, 800, 0)).toEqual([0, -1]);
  });

  it("sends the page view's furthest reach and the time each band was in view when the page view ends, carrying the page it measured", () => {
    history.replaceState(null, '', '/first');
    const client = startClient().use(pageViews).use(heatmaps);
    const sent = heatmapsOf(client);
    vi.advanceTimersByTime(1000); // bands 0-3 for 1 s
    scrollTo(2000);
    vi.advanceTimersByTime(16); // the next frame reads the scroll
    vi.advanceTimersByTime(2984); // bands 10-13 for 3 s in all
    scrollTo(0);
    vi.advanceTimersByTime(16);
    history.pushState(null, '', '/second');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/first');
    expect(sent[0]?.width).toBe(1200);
    expect(sent[0]?.payload?.s).toBe(0.7);
    const a = sent[0]?.payload?.a ?? [];
    expect(a.slice(0, 4).every((ms) => ms >= 1000 && ms <= 1032)).toBe(true);
    expect(a.slice(10, 14).every((ms) => ms >= 2984 && ms <= 3016)).toBe(true);
    expect(a.slice(4, 10).every((ms) => ms === 0)).toBe(true);
    expect(a).toHaveLength(14);
  });

  it('counts time only while the page is visible, and sends what it gathered when the page is hidden; the reach goes once, at the end of the page view', () => {
    const client = startClient().use(pageViews).use(heatmaps);
    const sent = heatmapsOf(client);
    vi.advanceTimersByTime(500);
    visibility('hidden');
    expect(sent.map((e) => e.payload)).toEqual([{ v: 1, a: [500, 500, 500, 500] }]);
    vi.advanceTimersByTime(60_000);
    visibility('visible');
    vi.advanceTimersByTime(200);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(sent.map((e) => e.payload)).toEqual([
      { v: 1, a: [500, 500, 500, 500] },
      { v: 1, a: [200, 200, 200, 200], s: 0.2 },
    ]);
  });

  it('takes the reach over the document height at the end of the page view, so content loaded later does not inflate it', () => {
    viewport(1280, 800, 1000);
    const sent = heatmapsOf(startClient().use(heatmaps));
    set(document.documentElement, 'scrollHeight', 4000); // images and content arrived
    vi.advanceTimersByTime(500);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(sent[0]?.payload?.s).toBe(0.2);
  });

  it('set up while the document is still parsed (from <head>), counts no band until it is', () => {
    set(document, 'readyState', 'loading');
    set(document.documentElement, 'scrollHeight', 10);
    const sent = heatmapsOf(startClient().use(heatmaps));
    vi.advanceTimersByTime(300);
    set(document, 'readyState', 'interactive');
    set(document.documentElement, 'scrollHeight', 4000);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    vi.advanceTimersByTime(700);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(sent.map((e) => e.payload)).toEqual([{ v: 1, a: [700, 700, 700, 700], s: 0.2 }]);
  });

  it('sends nothing for a page view with nothing gathered (never visible, never clicked)', () => {
    set(document, 'visibilityState', 'hidden');
    const client = startClient().use(pageViews).use(heatmaps);
    const sent = heatmapsOf(client);
    vi.advanceTimersByTime(5000);
    history.pushState(null, '', '/next');
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(sent).toEqual([]);
  });

  it('begins a new page view when the page comes back from the back-forward cache', () => {
    const sent = heatmapsOf(startClient().use(heatmaps));
    scrollTo(3200);
    vi.advanceTimersByTime(1000);
    dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    scrollTo(0);
    dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    vi.advanceTimersByTime(1000);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(sent.map((e) => e.payload?.s)).toEqual([1, 0.2]);
  });
});

describe('the heatmaps plugin', () => {
  it('delivers $heatmap events with their width bucket through the queue, like any event', async () => {
    vi.useRealTimers();
    const button = box(h('button', { id: 'b' }), 0, 0, 100, 100);
    page(button);
    const client = startClient({ flushInterval: 50 }).use(heatmaps);
    click(button, 50, 25);
    await vi.waitFor(() => expect(delivered().some((e) => e.event_name === '$heatmap')).toBe(true));
    const event = delivered().find((e) => e.event_name === '$heatmap');
    expect(event?.num_properties?.$heatmap_width).toBe(1200);
    expect(parseHeatmapPayload(event?.str_properties?.$heatmap ?? '')).toMatchObject({ v: 1, c: [['#b', 0.5, 0.25]] });
    await client.flush();
  });

  it('leaves track() on its deferred path: no processEvent step and no event listener', () => {
    const client = startClient().use(heatmaps);
    expect(client.run?.steps).toEqual([]);
    expect(client.hooks?.event ?? []).toEqual([]);
  });

  it('does nothing with heatmap: false, nor once opted out, nor after destroy()', () => {
    const button = box(h('button', { id: 'b' }), 0, 0, 100, 100);
    page(button);
    const off = startClient({ heatmap: false, flushInterval: 100 }).use(heatmaps);
    const offSent = heatmapsOf(off);
    click(button, 1, 1);
    vi.advanceTimersByTime(1000);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(offSent).toEqual([]);
    off.destroy();

    const optedOut = startClient({ flushInterval: 100 }).use(heatmaps);
    const optedOutSent = heatmapsOf(optedOut);
    optedOut.optOut();
    click(button, 1, 1);
    vi.advanceTimersByTime(1000);
    expect(optedOutSent).toEqual([]);
    optedOut.destroy();

    const destroyed = startClient({ flushInterval: 100 }).use(heatmaps);
    const destroyedSent = heatmapsOf(destroyed);
    destroyed.destroy();
    click(button, 1, 1);
    vi.advanceTimersByTime(1000);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(destroyedSent).toEqual([]);
  });
});
