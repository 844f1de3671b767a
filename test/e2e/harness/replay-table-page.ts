import type { BrowserContext, Page } from 'playwright-core';
import type { DemoProject } from './server.js';
import type { StoredReplayChunk } from './stored-replay.js';

/** The nonce of the inline script of the strict-CSP page. */
const NONCE = 'replay-e2e';

/** A policy that allows our scripts (same origin, and the nonce) but no `blob:` worker nor script. */
export const STRICT_CSP = `script-src 'self' 'nonce-${NONCE}'; worker-src 'self'`;

/**
 * Serves a page with a table of `rows` rows (three cells each) at `<server>/e2e/replay-table`, loading the CDN SDK by
 * script tag with replay on for every session (chunks every 300 ms); with `csp`, under that Content-Security-Policy.
 */
export async function routeTablePage(context: BrowserContext, demo: DemoProject, rows: number, csp?: string): Promise<void> {
  const config = JSON.stringify({
    key: demo.pk,
    endpoint: demo.url,
    autocapture: { pageViews: true, clicks: false, forms: false, scroll: false },
    replay: { samplingRate: 100, flushInterval: 300 },
  });
  const table = Array.from({ length: rows }, (_, i) => `<tr><td>${i}</td><td>name ${i}</td><td>row text ${i}</td></tr>`).join('');
  await context.route(`${demo.url}/e2e/replay-table`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: csp ? { 'Content-Security-Policy': csp } : {},
      body: `<!doctype html><html><head><meta charset="utf-8"><title>table</title>
<script nonce="${NONCE}">window.northstar = window.northstar || []; northstar.push(['init', ${config}]);</script>
<script src="/sdk/northstar.debug.js"></script></head><body><table id="table"><tbody>${table}</tbody></table></body></html>`,
    }),
  );
}

/** What the page's workers did, as `window.__workers` records it. */
export interface WorkerLog {
  /** Each worker the page constructed: its URL and name. */
  created: { url: string; name: string | undefined }[];
  /** Errors thrown by the Worker constructor. */
  thrown: string[];
  /** `error` events of the page's workers. */
  errors: number;
  /** Messages the page posted to its workers. */
  posted: number;
  /** The byte length of every ArrayBuffer `gzip` reply the page's workers sent back. */
  replies: number[];
  /** CSP violations of the page: `<directive> <blocked URI>`. */
  violations: string[];
}

/**
 * Watches the page's own `Worker` global, from before any script of the page runs: a subclass that records each
 * construction (or its throw), every message posted, every reply and error event; and the page's CSP violations.
 * The SDK constructs its worker from that global, so this sees what the SDK did without changing it.
 */
export async function watchWorkers(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: WorkerLog = { created: [], thrown: [], errors: 0, posted: 0, replies: [], violations: [] };
    (window as unknown as { __workers: WorkerLog }).__workers = log;
    document.addEventListener('securitypolicyviolation', (e) => log.violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        try {
          super(url, options);
        } catch (error) {
          log.thrown.push(String(error));
          throw error;
        }
        log.created.push({ url: String(url), name: options?.name });
        this.addEventListener('error', () => (log.errors += 1));
        this.addEventListener('message', (e: MessageEvent<{ gzip?: ArrayBuffer }>) => {
          if (e.data.gzip instanceof ArrayBuffer) log.replies.push(e.data.gzip.byteLength);
        });
      }
      override postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
        log.posted += 1;
        super.postMessage(message, transfer as Transferable[]);
      }
    };
  });
}

export const workerLog = (page: Page): Promise<WorkerLog> => page.evaluate(() => (window as unknown as { __workers: WorkerLog }).__workers);

/** The rows (`tr` elements) of the table in the stored FullSnapshots of a recording. */
export function storedRows(chunks: StoredReplayChunk[]): number {
  interface Node {
    tagName?: string;
    childNodes?: Node[];
  }
  const count = (node: Node): number => (node.tagName === 'tr' ? 1 : 0) + (node.childNodes ?? []).reduce((sum, child) => sum + count(child), 0);
  return chunks
    .flatMap((c) => c.events)
    .filter((e) => e.type === 2)
    .reduce((sum, e) => sum + count((e.data as { node: Node }).node), 0);
}
