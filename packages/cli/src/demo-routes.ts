import { Router } from 'express';
import type { Response } from 'express';
import { DEMO_STYLE, demoPageCsp, renderDemoPage, renderDemoScript } from './demo-page.js';
import type { DemoPageInput, DemoScriptInput } from './demo-page.js';

/** What the demo routes serve, known once the server listens (the page names its own URL). */
export interface DemoAssets {
  page: string;
  script: string;
  csp: string;
}

export function demoAssets(input: DemoScriptInput & DemoPageInput): DemoAssets {
  return { page: renderDemoPage(input), script: renderDemoScript(input), csp: demoPageCsp(input.endpoint) };
}

function send(res: Response, type: string, body: string, headers: Record<string, string> = {}): void {
  res.set({ 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', ...headers }).send(body);
}

/** `/` (the demo page, with its CSP), `/demo.js` and `/demo.css`. Until `current()` has assets, 503. */
export function demoRoutes(current: () => DemoAssets | undefined): Router {
  const router = Router();
  router.get(['/', '/demo.js', '/demo.css'], (req, res) => {
    const assets = current();
    if (!assets) {
      res.status(503).json({ error: 'Starting' });
      return;
    }
    if (req.path === '/demo.js') send(res, 'text/javascript; charset=utf-8', assets.script);
    else if (req.path === '/demo.css') send(res, 'text/css; charset=utf-8', DEMO_STYLE);
    else send(res, 'text/html; charset=utf-8', assets.page, { 'Content-Security-Policy': assets.csp });
  });
  return router;
}
