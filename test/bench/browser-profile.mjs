// Where the browser SDK's main-thread time goes (issue 16): the bench page and session of
// browser-main-thread.mjs with a CDP sampling CPU profile (`Profiler.start`, 100 µs interval) around the
// session and its tail, one configuration at a time. Each sample is charged to the deepest frame of the
// SDK's own script on its stack (what it calls in the DOM, V8 builtins and native code included), mapped
// back to our sources through `northstar.min.js.map`. Shares of samples, not milliseconds: they hold on
// a busy machine where totals do not (samples are counted: see attribute()). Alone, never in CI:
//   BENCH_BROWSER_SECONDS=20 BENCH_PROFILE_CONFIGS=all,posthog node test/bench/browser-profile.mjs
// BENCH_PROFILE_TOP (default 25) is how many source locations are listed.
/* global window, document, Event */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor, sourceContentFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { startCollector } from './bench-collector.mjs';
import { CONFIGS, perform, sdkScript, sessionScript } from './browser-main-thread.mjs';

const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 20);
const IDS = (process.env.BENCH_PROFILE_CONFIGS ?? 'all,posthog').split(',');
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const PAUSE = 250;
const TAIL = 4000;
/** Sampling interval, µs. */
const INTERVAL = 100;
const DIST = process.env.BENCH_NORTHSTAR_DIST ?? fileURLToPath(new URL('../../packages/browser/dist/', import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const map = new TraceMap(readFileSync(`${DIST}northstar.min.js.map`, 'utf8'));
const sourceLines = new Map();
/** `file:line  source text` of a minified position (0-based line and column, as CDP gives them). */
function located(line, column) {
  const o = originalPositionFor(map, { line: line + 1, column });
  if (!o.source) return `northstar.min.js:${line + 1}:${column}`;
  // The map's sources are relative to packages/browser/dist/, wherever the build is served from.
  const file = fileURLToPath(new URL(o.source, 'file:///packages/browser/dist/')).slice(1);
  if (!sourceLines.has(file)) sourceLines.set(file, (sourceContentFor(map, o.source) ?? '').split('\n'));
  const text = (sourceLines.get(file)[o.line - 1] ?? '').trim().slice(0, 70);
  return `${file}:${o.line}  ${text}`;
}

const isOurs = (url) => /\/sdk\/(northstar|web-vitals|replay)\.js$/.test(url);
const isPosthog = (url) => /\/static\/[\w./-]+\.js$/.test(url);

/** Samples by category: the SDK's (by source location, for ours), the page's, idle, GC, the rest. */
function attribute(profile, sdkOf) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byFrame = new Map();
  const totals = { sdk: 0, idle: 0, program: 0, gc: 0, other: 0, all: 0 };
  const cache = new Map();
  /** The deepest SDK frame on the stack of node `id`, or null. */
  const sdkFrame = (id) => {
    if (cache.has(id)) return cache.get(id);
    let found = null;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = nodes.get(at).callFrame;
      if (sdkOf(f.url)) {
        found = f;
        break;
      }
    }
    cache.set(id, found);
    return found;
  };
  profile.samples.forEach((id) => {
    // Counted, not weighed by the gap to the next sample: on a busy machine a gap is mostly the time the
    // thread waited for a core (the sampler's signal lands once it runs again), so counts follow CPU time.
    const dt = INTERVAL;
    const leaf = nodes.get(id).callFrame.functionName;
    totals.all += dt;
    // The page's own history.pushState runs inside our wrapper of it (page views): the page's work, not ours.
    const frame = leaf === 'pushState' || leaf === 'replaceState' ? null : sdkFrame(id);
    if (frame) {
      totals.sdk += dt;
      const key =
        isOurs(frame.url) && frame.url.endsWith('northstar.js')
          ? located(frame.lineNumber, frame.columnNumber)
          : `${frame.url.replace(/^.*\//, '')} ${frame.functionName}`;
      const entry = byFrame.get(key) ?? { self: 0, native: 0, leaves: {} };
      entry.self += dt;
      // Time in what the frame called that is not JS of its own script: DOM calls, builtins, GC.
      if (nodes.get(id).callFrame.url !== frame.url) {
        entry.native += dt;
        entry.leaves[leaf || '(anonymous)'] = (entry.leaves[leaf || '(anonymous)'] ?? 0) + dt;
      }
      byFrame.set(key, entry);
    } else if (leaf === '(idle)') totals.idle += dt;
    else if (leaf === '(program)') totals.program += dt;
    else if (leaf === '(garbage collector)') totals.gc += dt;
    else totals.other += dt;
  });
  return { totals, byFrame };
}

async function profileConfig(browser, collector, id, actions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    return url.hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  await page.goto(`${collector.origin}/c/${id}/page`, { waitUntil: 'load' });
  await sleep(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: INTERVAL });
  await page.evaluate(() => window.__startSdk());
  await sleep(1000);
  if (!(await page.evaluate(() => window.__sdkReady()))) throw new Error(`${id}: the SDK did not load within 1 s`);
  await cdp.send('Profiler.start');
  for (const action of actions) {
    await perform(page, action);
    await sleep(PAUSE);
  }
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await sleep(TAIL);
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  await sleep(300);
  return { profile, events: collector.counts(id).events };
}

const collector = await startCollector((id) => sdkScript(id, collector.origin));
const browser = await chromium.launch({
  executablePath: process.env.NORTHSTAR_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const actions = sessionScript(SECONDS);
try {
  await profileConfig(browser, collector, 'off.warmup', actions.slice(0, 5));
  for (const id of IDS) {
    const config = CONFIGS.find((c) => c.id === id);
    if (!config) throw new Error(`no configuration ${id}`);
    const { profile, events } = await profileConfig(browser, collector, `${id}.profile`, actions);
    const { totals, byFrame } = attribute(profile, config.sdk === 'posthog' ? isPosthog : isOurs);
    const busy = totals.all - totals.idle;
    const pct = (x) => `${((x / busy) * 100).toFixed(1)}%`;
    console.log(
      `\n${config.label}: ${events} events; of the busy main thread (${(busy / 1000).toFixed(0)} ms sampled): SDK ${pct(totals.sdk)}, ` +
        `page and browser JS ${pct(totals.other)}, (program) ${pct(totals.program)}, GC ${pct(totals.gc)}; SDK samples per event ${(totals.sdk / 1000 / (events || 1)).toFixed(3)} ms`,
    );
    const rows = [...byFrame.entries()]
      .sort((a, b) => b[1].self - a[1].self)
      .slice(0, TOP)
      .map(([where, { self, native, leaves }]) => ({
        'share of SDK': `${((self / totals.sdk) * 100).toFixed(1)}%`,
        ms: +(self / 1000).toFixed(1),
        'not own JS': `${((native / self) * 100).toFixed(0)}%`,
        where,
        'mostly in': Object.entries(leaves)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 2)
          .map(([name]) => name)
          .join(', '),
      }));
    console.table(rows);
  }
} finally {
  await browser.close();
  await collector.close();
}
