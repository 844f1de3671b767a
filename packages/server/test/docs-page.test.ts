import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The `src` and `href` of a page's scripts and style sheets. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** Runs the page's init script as a browser would, with Swagger UI replaced by a recorder of its options. */
function runInitScript(source: string, scriptUrl: string, pageUrl: string): { url: string; requestInterceptor: (request: { url: string }) => { url: string } } {
  let options: unknown;
  const SwaggerUIBundle = Object.assign((given: unknown) => (options = given), { presets: { apis: {} } });
  runInNewContext(source, { URL, SwaggerUIBundle, document: { currentScript: { src: scriptUrl } }, window: { location: { href: pageUrl } } });
  return options as ReturnType<typeof runInitScript>;
}

describe('the API reference at /docs', () => {
  it('is an HTML page with a strict Content-Security-Policy and no inline script', async () => {
    api = await startTestServer();
    const res = await fetch(`${api.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toMatch(/unsafe|http/);
    const html = await res.text();
    for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) expect(script).toMatch(/^<script src="[^"]+"><\/script>$/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves every asset it references itself, wherever the router is mounted, with or without a trailing slash', async () => {
    api = await startTestServer({ mountPath: '/ns' });
    for (const page of [`${api.url}/ns/docs`, `${api.url}/ns/docs/`]) {
      const urls = assetUrls(await (await fetch(page)).text()).map((src) => new URL(src, page).href);
      expect(urls).toEqual([`${api.url}/ns/docs/assets/swagger-ui.css`, `${api.url}/ns/docs/assets/swagger-ui-bundle.js`, `${api.url}/ns/docs/assets/docs-init.js`]);
      for (const url of urls) expect((await fetch(url)).status, url).toBe(200);
    }
  });

  it('serves Swagger UI from swagger-ui-dist with its content type, gzip when accepted, and 304 on a matching ETag', async () => {
    api = await startTestServer();
    const script = await fetch(`${api.url}/docs/assets/swagger-ui-bundle.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await script.text();
    expect(text).toContain('SwaggerUIBundle');
    const css = await fetch(`${api.url}/docs/assets/swagger-ui.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const gzipped = await fetch(`${api.url}/docs/assets/swagger-ui-bundle.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(text);
    const etag = script.headers.get('etag') ?? '';
    // An explicit Cache-Control stops fetch from adding `no-cache`, as a browser revalidating its cache would.
    const revalidate = { 'If-None-Match': etag, 'Accept-Encoding': 'identity', 'Cache-Control': 'max-age=0' };
    expect((await fetch(`${api.url}/docs/assets/swagger-ui-bundle.js`, { headers: revalidate })).status).toBe(304);
  });

  it('points Swagger UI at the OpenAPI document beside it and sends "Try it out" requests under the mount point', async () => {
    api = await startTestServer({ mountPath: '/ns' });
    const source = await (await fetch(`${api.url}/ns/docs/assets/docs-init.js`)).text();
    const options = runInitScript(source, `${api.url}/ns/docs/assets/docs-init.js`, `${api.url}/ns/docs`);
    expect(options.url).toBe(`${api.url}/ns/v1/openapi.json`);
    expect((await fetch(options.url)).status).toBe(200);
    expect(options.requestInterceptor({ url: `${api.url}/v1/projects/1/flags` }).url).toBe(`${api.url}/ns/v1/projects/1/flags`);
    expect(options.requestInterceptor({ url: `${api.url}/ns/v1/openapi.json` }).url).toBe(`${api.url}/ns/v1/openapi.json`);
    const atRoot = runInitScript(source, 'http://example.test/docs/assets/docs-init.js', 'http://example.test/docs');
    expect(atRoot.url).toBe('http://example.test/v1/openapi.json');
    expect(atRoot.requestInterceptor({ url: 'http://example.test/v1/track' }).url).toBe('http://example.test/v1/track');
  });

  it('needs no credential', async () => {
    api = await startTestServer();
    expect((await fetch(`${api.url}/docs`, { headers: { Authorization: 'Bearer sk_nonsense' } })).status).toBe(200);
  });
});
