// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals/attribution';
import type { TrackedEvent } from '@northstar/core';
import { pageViews, webVitals } from '../src/index.js';
import type { Northstar } from '../src/index.js';
import { delivered, startClient, useApi } from './msw-api.js';
import { h, page } from './dom-builder.js';

/** The callbacks and options the plugin gave the mocked `web-vitals`, by metric name. */
const reporters = vi.hoisted(
  () => new Map<string, { report: (metric: unknown) => void; options: { generateTarget?: (el: Node | null) => string | undefined } }>(),
);
vi.mock('web-vitals/attribution', () => {
  const on = (name: string) => (report: (metric: unknown) => void, options: never) => reporters.set(name, { report, options });
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onFCP: on('FCP'), onTTFB: on('TTFB') };
});

useApi();
afterEach(() => {
  reporters.clear();
  history.replaceState(null, '', '/');
  page();
});

/** Waits for the plugin's dynamic import of the (mocked) `web-vitals`. */
const loaded = () => vi.waitFor(() => expect(reporters.size).toBe(5));
const metric = (name: Metric['name'], value: number, attribution: Record<string, unknown> = {}) => ({ name, value, rating: 'good', attribution, entries: [] });
const report = (name: Metric['name'], value: number, attribution?: Record<string, unknown>) => reporters.get(name)?.report(metric(name, value, attribution));
const vitals = () => delivered().filter((e) => e.event_name === '$web_vitals');
/** The `$web_vitals` events `client` queues from now on (events sent at pagehide leave by beacon). */
function queued(client: Northstar): TrackedEvent[] {
  const events: TrackedEvent[] = [];
  client.on('event', (e) => {
    if (e.event_name === '$web_vitals') events.push(e);
  });
  return events;
}

/** Every metric of a page load, as web-vitals' attribution build reports them. */
function reportAll(scale = 1): void {
  report('TTFB', 80.4 * scale);
  report('FCP', 310.6 * scale, { loadState: 'dom-content-loaded' });
  report('LCP', 420.2 * scale, { target: '#hero', url: 'https://cdn.example.com/hero.png' });
  report('CLS', 0.123456 * scale, { largestShiftTarget: 'main > p' });
  report('INP', 48 * scale, { interactionTarget: '#buy', interactionType: 'pointer' });
}

describe('$web_vitals', () => {
  it('sends one event when the page is hidden, with each metric, its rating and its attribution', async () => {
    const client = startClient().use(webVitals);
    const events = queued(client);
    await loaded();
    reportAll();
    report('CLS', 0.2, { largestShiftTarget: 'main > aside' }); // a later value of a metric replaces the earlier
    dispatchEvent(new Event('pagehide'));
    dispatchEvent(new Event('pagehide'));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.num_properties).toMatchObject({ $ttfb: 80, $fcp: 311, $lcp: 420, $cls: 0.2, $inp: 48 });
    expect(event?.str_properties).toMatchObject({
      $lcp_element: '#hero',
      $lcp_url: 'https://cdn.example.com/hero.png',
      $inp_target: '#buy',
      $inp_type: 'pointer',
      $cls_largest_shift_target: 'main > aside',
      $fcp_load_state: 'dom-content-loaded',
      $lcp_rating: 'good',
      $cls_rating: 'good',
    });
  });

  it('asks web-vitals for every change and names elements by their stable selector, never one inside .sdk-no-capture', async () => {
    startClient().use(webVitals);
    await loaded();
    const shown = h('img', { id: 'hero' });
    const hidden = h('button', {}, 'secret');
    page(shown, h('div', { class: 'sdk-no-capture' }, hidden));
    const lcp = reporters.get('LCP');
    expect(lcp?.options).toMatchObject({ reportAllChanges: true });
    expect(lcp?.options.generateTarget?.(shown)).toBe('#hero');
    expect(lcp?.options.generateTarget?.(hidden)).toBe('');
  });

  it('names the LCP entry web-vitals holds at the end, when a later candidate of the same time replaced it without a report', async () => {
    const events = queued(startClient().use(webVitals));
    await loaded();
    const hero = h('img', { id: 'hero' });
    page(h('p', { id: 'text' }, 'text'), hero);
    const textEntry = { element: document.getElementById('text'), url: '' };
    const lcp = { ...metric('LCP', 300, { target: '#text', lcpEntry: textEntry }), entries: [textEntry] };
    reporters.get('LCP')?.report(lcp);
    // The image painted in the same frame: web-vitals swaps the entry in place and calls nobody (its delta is 0).
    lcp.entries = [{ element: hero, url: 'https://cdn.example.com/hero.png' }];
    dispatchEvent(new Event('pagehide'));
    expect(events[0]?.str_properties).toMatchObject({ $lcp_element: '#hero', $lcp_url: 'https://cdn.example.com/hero.png' });
  });

  it('leaves out an attribution that is empty (an element that may not be captured)', async () => {
    const events = queued(startClient().use(webVitals));
    await loaded();
    report('INP', 90, { interactionTarget: '', interactionType: 'keyboard' });
    dispatchEvent(new Event('pagehide'));
    expect(events[0]?.num_properties).toMatchObject({ $inp: 90 });
    expect(events[0]?.str_properties).not.toHaveProperty('$inp_target');
  });

  it('ends the page view at the next $pageview: one event per page view, carrying the page it measured', async () => {
    history.replaceState(null, '', '/first');
    const client = startClient().use(pageViews).use(webVitals);
    await loaded();
    reportAll();
    history.pushState(null, '', '/second');
    report('INP', 200, { interactionTarget: '#next', interactionType: 'pointer' });
    history.pushState(null, '', '/third'); // a page view in which nothing changed sends nothing
    document.dispatchEvent(new Event('visibilitychange')); // jsdom stays visible: not an end
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await client.flush();
    const flow = delivered().map((e) => `${e.event_name} ${e.str_properties?.$pathname}`);
    expect(flow).toEqual(['$pageview /first', '$web_vitals /first', '$pageview /second', '$web_vitals /second', '$pageview /third']);
    expect(vitals()[1]?.num_properties).toMatchObject({ $inp: 200 });
    expect(Object.keys(vitals()[1]?.num_properties ?? {}).filter((k) => /^\$(lcp|fcp|ttfb|cls)$/.test(k))).toEqual([]);
  });

  it('does nothing with webVitals: false', async () => {
    const events = queued(startClient({ webVitals: false }).use(webVitals));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reporters.size).toBe(0);
    dispatchEvent(new Event('pagehide'));
    expect(events).toEqual([]);
  });

  it('reports nothing after destroy()', async () => {
    const client = startClient().use(webVitals);
    const events = queued(client);
    await loaded();
    client.destroy();
    report('LCP', 500, { target: '#late' });
    dispatchEvent(new Event('pagehide'));
    expect(events).toEqual([]);
  });
});
