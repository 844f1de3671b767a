// @vitest-environment jsdom
import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** Node's fetch, for the test's own requests (the page's `fetch` is stubbed per test). */
const nodeFetch = globalThis.fetch;

let api: TestServer | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  await api?.close();
  api = undefined;
});

/** The `src` and `href` of a page's scripts and style sheets. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Puts the markup of `/docs` into this jsdom document and runs the page's script as the browser would
 * (loaded from `scriptUrl`), with `fetch` as given; resolves once the reference has rendered (or shown
 * its error).
 */
async function openReference(pageUrl: string, scriptUrl: string, fetchImpl: Fetch): Promise<HTMLElement> {
  const html = await (await nodeFetch(pageUrl)).text();
  const source = await (await nodeFetch(scriptUrl)).text();
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.body.replaceChildren(document.importNode(page.getElementById('reference')!, true));
  Object.defineProperty(document, 'currentScript', { value: { src: scriptUrl }, configurable: true });
  vi.stubGlobal('fetch', fetchImpl);
  runInThisContext(source);
  const root = document.getElementById('reference')!;
  for (let i = 0; i < 200 && root.getAttribute('aria-busy') !== 'false'; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return root;
}

const countOperations = (doc: { paths: Record<string, Record<string, unknown>> }) =>
  Object.values(doc.paths).reduce((sum, item) => sum + Object.keys(item).filter((key) => key !== 'parameters').length, 0);

describe('the API reference at /docs', () => {
  it('is an HTML page with a strict Content-Security-Policy and no inline script or style', async () => {
    api = await startTestServer();
    const res = await nodeFetch(`${api.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toMatch(/unsafe|http/);
    expect(csp.match(/style-src [^;]*/)?.[0]).toBe("style-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) expect(script).toMatch(/^<script src="[^"]+"><\/script>$/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves every asset it references itself, wherever the router is mounted, with or without a trailing slash', async () => {
    api = await startTestServer({ mountPath: '/ns' });
    for (const page of [`${api.url}/ns/docs`, `${api.url}/ns/docs/`]) {
      const urls = assetUrls(await (await nodeFetch(page)).text()).map((src) => new URL(src, page).href);
      expect(urls).toEqual([`${api.url}/ns/docs/assets/docs.css`, `${api.url}/ns/docs/assets/docs.js`]);
      for (const url of urls) expect((await nodeFetch(url)).status, url).toBe(200);
    }
  });

  it('serves its script and style sheet with their content types, gzip when accepted, and 304 on a matching ETag', async () => {
    api = await startTestServer();
    const script = await nodeFetch(`${api.url}/docs/assets/docs.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await script.text();
    expect(text).toContain('v1/openapi.json');
    const css = await nodeFetch(`${api.url}/docs/assets/docs.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const gzipped = await nodeFetch(`${api.url}/docs/assets/docs.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(text);
    const etag = script.headers.get('etag') ?? '';
    // An explicit Cache-Control stops fetch from adding `no-cache`, as a browser revalidating its cache would.
    const revalidate = { 'If-None-Match': etag, 'Accept-Encoding': 'identity', 'Cache-Control': 'max-age=0' };
    expect((await nodeFetch(`${api.url}/docs/assets/docs.js`, { headers: revalidate })).status).toBe(304);
  });

  it('builds the page with DOM calls only: its script never parses text as HTML or code', async () => {
    api = await startTestServer();
    const source = await (await nodeFetch(`${api.url}/docs/assets/docs.js`)).text();
    expect(source).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setTimeout\(\s*['"]/);
  });

  it('renders every operation of the OpenAPI document beside it, wherever the router is mounted', async () => {
    api = await startTestServer({ mountPath: '/ns' });
    const spec = (await (await nodeFetch(`${api.url}/ns/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const requested: string[] = [];
    const root = await openReference(`${api.url}/ns/docs`, `${api.url}/ns/docs/assets/docs.js`, (url, init) => {
      requested.push(url);
      return nodeFetch(url, init);
    });
    expect(requested).toEqual([`${api.url}/ns/v1/openapi.json`]);
    expect(root.querySelectorAll('.operation')).toHaveLength(countOperations(spec));
    const labels = [...root.querySelectorAll('.operation > summary')].map((summary) => summary.textContent);
    expect(labels).toContain('POST/v1/trackIngest one event or a batch');
    expect(root.querySelector('.error')).toBeNull();
  });

  it('sends "Try it" requests to this server under the mount point, with the credentials typed in', async () => {
    api = await startTestServer({ mountPath: '/ns' });
    const sent: { url: string; headers: Record<string, string> }[] = [];
    await openReference(`${api.url}/ns/docs/`, `${api.url}/ns/docs/assets/docs.js`, (url, init) => {
      sent.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return nodeFetch(url, init);
    });
    const key = document.querySelector<HTMLInputElement>('input[name="bearer"]')!;
    key.value = api.demo.sk;
    key.dispatchEvent(new Event('input'));
    const operation = [...document.querySelectorAll('.operation')].find(
      (block) => block.querySelector('.path')?.textContent === '/v1/projects/{projectId}/flags' && block.querySelector('.method')?.textContent === 'GET',
    );
    expect(operation).toBeTruthy();
    operation!.querySelector<HTMLInputElement>('input[name="projectId"]')!.value = String(api.demo.project_id);
    operation!.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    const result = operation!.querySelector('.result')!;
    for (let i = 0; i < 200 && !/^\d{3} /.test(result.textContent ?? ''); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent.at(-1)?.url).toBe(`${api.url}/ns/v1/projects/${api.demo.project_id}/flags`);
    expect(sent.at(-1)?.headers.Authorization).toBe(`Bearer ${api.demo.sk}`);
    expect(result.textContent).toMatch(/^200 /);
  });

  it('shows the texts of the document as text, never as markup', async () => {
    api = await startTestServer();
    const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
    const doc = {
      openapi: '3.1.0',
      info: { title: hostile, version: '1', description: hostile },
      paths: {
        '/v1/<b>x</b>': {
          get: {
            summary: hostile,
            description: hostile,
            tags: [hostile],
            parameters: [{ name: hostile, in: 'query', schema: { type: hostile } }],
            responses: { 200: { description: hostile } },
          },
        },
      },
    };
    const root = await openReference(`${api.url}/docs`, `${api.url}/docs/assets/docs.js`, () => Promise.resolve(Response.json(doc)));
    expect(root.querySelectorAll('.operation')).toHaveLength(1);
    expect(root.querySelectorAll('img, script, b')).toHaveLength(0);
    expect(root.querySelector('h1')?.textContent).toBe(`${hostile} 1`);
    expect(root.querySelector('.path')?.textContent).toBe('/v1/<b>x</b>');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('says so on the page when the OpenAPI document cannot be loaded', async () => {
    api = await startTestServer();
    const root = await openReference(`${api.url}/docs`, `${api.url}/docs/assets/docs.js`, () => Promise.resolve(new Response('{}', { status: 503 })));
    expect(root.querySelector('.error')?.textContent).toContain('503');
  });

  it('needs no credential', async () => {
    api = await startTestServer();
    expect((await nodeFetch(`${api.url}/docs`, { headers: { Authorization: 'Bearer sk_nonsense' } })).status).toBe(200);
  });
});
