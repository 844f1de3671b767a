// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Loader from '../src/plugins/web-vitals/chunk-loader.js';
import { VITALS_GLOBAL } from '../src/plugins/web-vitals/chunk-global.js';
import type { VitalsWindow } from '../src/plugins/web-vitals/chunk-global.js';
import type { VitalsApi } from '../src/plugins/web-vitals/metrics.js';
import { ENDPOINT, startClient, useApi } from './msw-api.js';

let loader: typeof Loader;
const w = window as VitalsWindow;
/** The chunk's `<script>` tags the loader injected (jsdom loads none of them: each test plays the browser). */
const injected = (): HTMLScriptElement[] => [...document.querySelectorAll<HTMLScriptElement>('script[src$="web-vitals.js"]')];

/** What the chunk does when it runs: sets the global to web-vitals' functions (here: recorders of each instance's callbacks). */
function runChunk(): Map<string, ((metric: unknown) => void)[]> {
  const reporters = new Map<string, ((metric: unknown) => void)[]>();
  const on = (name: string) => (report: (metric: unknown) => void) => void reporters.set(name, [...(reporters.get(name) ?? []), report]);
  w[VITALS_GLOBAL] = { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onFCP: on('FCP'), onTTFB: on('TTFB') } as unknown as VitalsApi;
  return reporters;
}

useApi();
beforeEach(async () => {
  vi.resetModules();
  loader = await import('../src/plugins/web-vitals/chunk-loader.js');
});
afterEach(() => {
  for (const script of injected()) script.remove();
  delete w[VITALS_GLOBAL];
});

describe("the CDN script's web-vitals chunk", () => {
  it('lies beside the SDK script, or under the endpoint when the script URL is unknown', () => {
    expect(loader.vitalsChunkUrl('https://shop.example.com/ns/sdk/northstar.js?v=1', ENDPOINT)).toBe('https://shop.example.com/ns/sdk/web-vitals.js');
    expect(loader.vitalsChunkUrl('https://shop.example.com/sdk/0.1.0/northstar.min.js', ENDPOINT)).toBe('https://shop.example.com/sdk/0.1.0/web-vitals.js');
    expect(loader.vitalsChunkUrl('https://cdn.example.net/npm/@northstar/browser/dist/northstar.min.js', ENDPOINT)).toBe(
      'https://cdn.example.net/npm/@northstar/browser/dist/web-vitals.js',
    );
    expect(loader.vitalsChunkUrl(undefined, ENDPOINT)).toBe(`${ENDPOINT}/sdk/web-vitals.js`);
  });

  it('is loaded when the plugin is set up, by one <script> with the CSP nonce, and feeds the plugin once it ran', async () => {
    const client = startClient({ nonce: 'n0nce' }).use(loader.cdnWebVitals('https://shop.example.com/sdk/northstar.js'));
    startClient({ nonce: 'n0nce' }).use(loader.cdnWebVitals('https://shop.example.com/sdk/northstar.js'));
    const [script, ...more] = injected();
    expect(more).toEqual([]);
    expect(script?.src).toBe('https://shop.example.com/sdk/web-vitals.js');
    expect(script?.nonce).toBe('n0nce');
    expect(script?.async).toBe(true);

    const events: string[] = [];
    client.on('event', (e) => void events.push(`${e.event_name} ${String(e.num_properties?.$lcp)}`));
    const reporters = runChunk();
    script?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(reporters.get('TTFB')).toHaveLength(2));
    for (const report of reporters.get('LCP') ?? []) report({ name: 'LCP', value: 420.4, rating: 'good', attribution: {}, entries: [] });
    dispatchEvent(new Event('pagehide'));
    expect(events.filter((e) => e.startsWith('$web_vitals'))).toEqual(['$web_vitals 420']);
  });

  it('is not loaded with webVitals: false', () => {
    startClient({ webVitals: false }).use(loader.cdnWebVitals('https://shop.example.com/sdk/northstar.js'));
    expect(injected()).toEqual([]);
  });

  it('is not injected again once it ran, and is tried again by a later setup after it failed to load', async () => {
    startClient().use(loader.cdnWebVitals(undefined));
    injected()[0]?.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(injected()).toEqual([]));
    startClient().use(loader.cdnWebVitals(undefined));
    expect(injected().map((s) => s.src)).toEqual([`${ENDPOINT}/sdk/web-vitals.js`]);

    injected()[0]?.remove();
    runChunk();
    startClient().use(loader.cdnWebVitals(undefined));
    expect(injected()).toEqual([]);
  });
});
