import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { TrackedEvent } from '@northstar/core';
import { pollUntil } from './poll.js';
import type { DemoProject } from './server.js';

const root = (path: string): string => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
/** The built npm modules the page imports, by URL prefix under `/e2e/surveys/lib/`. */
const LIBS: Record<string, string> = { browser: root('packages/browser/dist/'), core: root('packages/core/dist/') };

/**
 * Serves the surveys test pages at `<server>/e2e/surveys/<name>`: the npm build of the SDK (through an
 * import map, so the renderer is a real, separate chunk request) with the `surveys` plugin, no wait
 * between overlays (`overlayInterval: 0`), and the client on `window.client`.
 */
export async function routeSurveysPage(context: BrowserContext, demo: DemoProject): Promise<void> {
  const config = { apiKey: demo.pk, endpoint: demo.url, flushInterval: 200, overlayInterval: 0 };
  const imports = JSON.stringify({
    imports: { '@northstar/browser': '/e2e/surveys/lib/browser/index.js', '@northstar/core': '/e2e/surveys/lib/core/index.js' },
  });
  await context.route(`${demo.url}/e2e/surveys/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/e2e/surveys/', '');
    const lib = /^lib\/([^/]+)\/([\w.-]+\.js)$/.exec(path);
    if (lib && LIBS[lib[1] ?? '']) {
      return route.fulfill({ contentType: 'text/javascript', body: await readFile(`${LIBS[lib[1] ?? '']}${lib[2]}`, 'utf8') });
    }
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>surveys</title>
<script type="importmap">${imports}</script>
<script type="module">import { init, surveys } from '@northstar/browser';
window.client = init(${JSON.stringify(config)}).use(surveys);</script></head>
<body><main><h1>Surveys test page</h1><button id="before">Before</button><p>Some content.</p></main></body></html>`,
    });
  });
}

/** Creates an active survey (the application API, with the demo sk_ key) asked on the pages whose URL contains `page`. */
export async function createSurvey(demo: DemoProject, page: string, survey: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${demo.url}/v1/projects/${demo.project_id}/surveys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${demo.sk}` },
    body: JSON.stringify({ name: `survey on ${page}`, status: 'active', targeting: { url: { op: 'contains', value: `/e2e/surveys/${page}` } }, ...survey }),
  });
  if (response.status !== 201) throw new Error(`survey not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The ids `/v1/decide/surveys` answers for a device on a page of the test server. */
export async function decidedSurveys(demo: DemoProject, deviceId: string, page: string): Promise<number[]> {
  const query = new URLSearchParams({ device_id: deviceId, url: `${demo.url}/e2e/surveys/${page}` });
  const response = await fetch(`${demo.url}/v1/decide/surveys?${query.toString()}`, { headers: { 'X-API-Key': demo.pk } });
  return ((await response.json()) as { surveys: { id: number }[] }).surveys.map((survey) => survey.id);
}

/** A locator inside the survey's shadow root (Playwright's CSS locators pierce open shadow roots). */
export const inSurvey = (page: Page, selector: string) => page.locator(`[data-northstar-overlay^="survey:"] ${selector}`);

/** The `$survey_*` events of `sent` for survey `id`. */
export const surveyEvents = (sent: TrackedEvent[], id: number): TrackedEvent[] =>
  sent.filter((e) => e.event_name.startsWith('$survey_') && e.str_properties?.survey_id === String(id));

/** Waits until `sent` holds `count` events named `name` for survey `id`, and returns them. */
export async function arrived(sent: TrackedEvent[], id: number, name: string, count = 1): Promise<TrackedEvent[]> {
  return pollUntil(
    () => Promise.resolve(surveyEvents(sent, id).filter((e) => e.event_name === name)),
    (found) => found.length >= count,
  );
}

/** The control that has focus, through shadow roots: `survey:<tag> <aria-label or text>`. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return '';
    const inside = active.getRootNode() instanceof ShadowRoot ? 'survey:' : '';
    return `${inside}${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`.trim();
  });
}
