import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// The playback page (docs/replay-server.md): its markup and scripts hold no data; the player reads the
// session through the read-scoped API with the member's access token. Chromium plays it in
// test/e2e/replay-playback.test.ts.

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The `src` and `href` of a page's scripts and style sheets. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('the playback page at /replay', () => {
  it('is static HTML with a Content-Security-Policy that runs only its own scripts and sends data only to its origin', async () => {
    api = await startTestServer();
    const res = await fetch(`${api.url}/replay?project=1&session=abc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp.match(/script-src [^;]*/)?.[0]).toBe("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) expect(script).toMatch(/^<script src="[^"]+"><\/script>$/);
    expect(html).not.toContain('abc');
    expect(assetUrls(html)).toEqual(['replay/assets/rrweb.css', 'replay/assets/player.css', 'replay/assets/rrweb.js', 'replay/assets/player.js']);
  });

  it('serves its assets from this server: rrweb’s Replayer (the pinned build) and the player, which never parses server data as HTML', async () => {
    api = await startTestServer({ mountPath: '/ns' });
    const page = await fetch(`${api.url}/ns/replay`);
    expect(page.status).toBe(200);
    for (const asset of assetUrls(await page.text())) {
      const res = await fetch(new URL(asset, `${api.url}/ns/replay`));
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-type'), asset).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      expect(res.headers.get('etag'), asset).toBeTruthy();
    }
    const rrweb = await (await fetch(`${api.url}/ns/replay/assets/rrweb.js`)).text();
    expect(rrweb).toContain('Replayer');
    expect(rrweb).toContain('g["rrweb"]');
    const player = await (await fetch(`${api.url}/ns/replay/assets/player.js`)).text();
    expect(player).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
    expect(player).toContain('textContent');
  });

  it('is gzip-compressed for browsers that accept it, and answers 304 to a matching ETag', async () => {
    api = await startTestServer();
    const gzipped = await fetch(`${api.url}/replay/assets/rrweb.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    await gzipped.arrayBuffer();
    const first = await fetch(`${api.url}/replay/assets/rrweb.js`, { headers: { 'Accept-Encoding': 'identity' } });
    await first.arrayBuffer();
    // An explicit Cache-Control stops fetch from adding `no-cache`, as a browser revalidating its cache would.
    const revalidate = { 'Accept-Encoding': 'identity', 'If-None-Match': first.headers.get('etag') ?? '', 'Cache-Control': 'max-age=0' };
    const again = await fetch(`${api.url}/replay/assets/rrweb.js`, { headers: revalidate });
    expect(again.status).toBe(304);
  });
});
