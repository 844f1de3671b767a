// @vitest-environment node
import { version } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

/** Browser globals, none of which server rendering may read (a `typeof window` check counts). */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'history',
  'screen',
  'innerWidth',
  'innerHeight',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'matchMedia',
  'requestAnimationFrame',
  'requestIdleCallback',
  'MutationObserver',
  'IntersectionObserver',
  'PerformanceObserver',
  'CompressionStream',
] as const;

const touched: string[] = [];
const restores: (() => void)[] = [];

/** Replaces each browser global with a getter that records the read and answers undefined. */
function trapBrowserGlobals(): void {
  for (const name of BROWSER_GLOBALS) {
    const own = Object.getOwnPropertyDescriptor(globalThis, name);
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return undefined;
      },
    });
    restores.push(() => (own ? Object.defineProperty(globalThis, name, own) : Reflect.deleteProperty(globalThis, name)));
  }
}

afterEach(() => {
  for (const restore of restores.splice(0)) restore();
  touched.length = 0;
});

describe(`server-side rendering (React ${version})`, () => {
  it('imports the SDK and renders the provider and every hook to a string without touching a browser API', async () => {
    trapBrowserGlobals();
    const { App } = await import('./ssr-app.js');
    const html = renderToString(<App />);
    expect(touched).toEqual([]);
    expect(html).toContain('<p>client: none</p>');
    expect(html).toContain('<button>Buy</button>');
    expect(html).toContain('checkout b, missing loading');
  });

  it('renders the same with a client of the app, which is not started on the server', async () => {
    trapBrowserGlobals();
    const { Northstar } = await import('@northstar/browser');
    const { NorthstarProvider } = await import('../src/index.js');
    const { Hooks } = await import('./ssr-app.js');
    const client = new Northstar({ apiKey: 'pk_ssr', endpoint: 'https://example.com/ns' });
    const html = renderToString(
      <NorthstarProvider client={client}>
        <Hooks />
      </NorthstarProvider>,
    );
    expect(touched).toEqual([]);
    expect(html).toContain('<p>client: none</p>');
  });

  it('counts a read of a browser global as a touch (the trap works)', () => {
    trapBrowserGlobals();
    expect(typeof window).toBe('undefined');
    expect(touched).toEqual(['window']);
  });
});
