// What the browser does on the main thread beside running the SDK's JavaScript (issue 16): the bench page
// and session of browser-main-thread.mjs under a Chromium trace (devtools.timeline), per configuration,
// as thread CPU time by trace event, each event's own time (its children's taken out). Set beside the
// SDK-off page it shows the work the SDK causes outside its own functions (layout, style, paint, timers,
// network tasks, GC), which the sampling profile (browser-profile.mjs) charges to no SDK frame. Alone,
// never in CI:
//   BENCH_BROWSER_SECONDS=20 BENCH_TRACE_CONFIGS=off,all,posthog node test/bench/browser-trace.mjs
/* global window, document, Event, performance */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { startCollector } from './bench-collector.mjs';
import { CONFIGS, perform, sdkScript, sessionScript } from './browser-main-thread.mjs';

const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 20);
const IDS = (process.env.BENCH_TRACE_CONFIGS ?? 'off,all,posthog').split(',');
const PAUSE = 250;
const TAIL = 4000;
/** BENCH_TRACE_LISTENERS=1: our functions called by the browser (listeners, timers, frames) each on a row of their own. */
const BY_LISTENER = process.env.BENCH_TRACE_LISTENERS === '1';
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'];
const DIST = process.env.BENCH_NORTHSTAR_DIST ?? fileURLToPath(new URL('../../packages/browser/dist/', import.meta.url));
const map = new TraceMap(readFileSync(`${DIST}northstar.min.js.map`, 'utf8'));
/** `file:line` in our sources of a position in the minified script (1-based line, 1-based column, as traces give them). */
function located(line, column) {
  const o = originalPositionFor(map, { line, column: column - 1 });
  return o.source ? `${o.source.replace(/^(\.\.\/)+/, '')}:${o.line}` : `min:${line}:${column}`;
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A name for an event: function calls and event dispatches carry what they ran (SDK or page) or their type. */
function label(e, sdkUrl) {
  const d = e.args?.data ?? {};
  if (e.name === 'FunctionCall' && BY_LISTENER && /\/sdk\/northstar\.js$/.test(d.url ?? '')) return `FunctionCall SDK ${located(d.lineNumber, d.columnNumber)}`;
  if (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compile') return `${e.name} ${sdkUrl(d.url ?? '') ? 'SDK' : 'page'}`;
  if (e.name === 'EventDispatch') return `EventDispatch ${d.type}`;
  return e.name;
}

/** Thread CPU ms by label on the renderer's main thread, between the two marks. */
function selfTimes(events, sdkUrl) {
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.name === 'bench-start' && x.pid === e.pid && x.tid === e.tid),
  );
  if (!main) throw new Error('no renderer main thread with the bench mark in the trace');
  const mark = (name) => events.find((e) => e.name === name && e.pid === main.pid)?.ts ?? 0;
  const [from, to] = [mark('bench-start'), mark('bench-end')];
  const complete = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= from && e.ts <= to && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = new Map();
  const stack = [];
  for (const e of complete) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) totals.set(parent.key, (totals.get(parent.key) ?? 0) - e.tdur);
    const key = label(e, sdkUrl);
    totals.set(key, (totals.get(key) ?? 0) + e.tdur);
    stack.push({ ts: e.ts, dur: e.dur, key });
  }
  return new Map([...totals].map(([k, v]) => [k, v / 1000]));
}

async function traceConfig(browser, collector, id, actions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient')));
  const page = await context.newPage();
  await page.goto(`${collector.origin}/c/${id}/page`, { waitUntil: 'load' });
  await sleep(500);
  await page.evaluate(() => window.__startSdk());
  await sleep(1000);
  if (!(await page.evaluate(() => window.__sdkReady()))) throw new Error(`${id}: the SDK did not load within 1 s`);
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.evaluate(() => performance.mark('bench-start'));
  for (const action of actions) {
    await perform(page, action);
    await sleep(PAUSE);
  }
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await sleep(TAIL);
  await page.evaluate(() => performance.mark('bench-end'));
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  await sleep(300);
  return { events: trace.traceEvents ?? trace, sent: collector.counts(id).events };
}

const collector = await startCollector((id) => sdkScript(id, collector.origin));
const browser = await chromium.launch({
  executablePath: process.env.NORTHSTAR_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const actions = sessionScript(SECONDS);
const results = new Map();
try {
  await traceConfig(browser, collector, 'off.warmup', actions.slice(0, 5));
  for (const id of IDS) {
    const config = CONFIGS.find((c) => c.id === id);
    if (!config) throw new Error(`no configuration ${id}`);
    const sdkUrl = config.sdk === 'posthog' ? (url) => /\/static\/[\w./-]+\.js$/.test(url) : (url) => /\/sdk\/(northstar|web-vitals|replay)\.js$/.test(url);
    const { events, sent } = await traceConfig(browser, collector, `${id}.trace`, actions);
    results.set(id, { times: selfTimes(events, sdkUrl), sent });
  }
} finally {
  await browser.close();
  await collector.close();
}
const keys = [...new Set([...results.values()].flatMap((r) => [...r.times.keys()]))];
const base = results.get(IDS[0]).times;
const rows = keys
  .map((key) => ({
    event: key,
    ...Object.fromEntries(IDS.map((id) => [`${id} ms`, +(results.get(id).times.get(key) ?? 0).toFixed(1)])),
    ...Object.fromEntries(IDS.slice(1).map((id) => [`${id} − ${IDS[0]}`, +((results.get(id).times.get(key) ?? 0) - (base.get(key) ?? 0)).toFixed(1)])),
  }))
  .filter((row) => IDS.some((id) => Math.abs(row[`${id} ms`]) >= 1))
  .sort((a, b) => Math.abs(b[`${IDS.at(-1)} − ${IDS[0]}`] ?? 0) - Math.abs(a[`${IDS.at(-1)} − ${IDS[0]}`] ?? 0));
console.log(
  `thread CPU ms on the renderer's main thread over a ${SECONDS} s session; events sent:`,
  Object.fromEntries(IDS.map((id) => [id, results.get(id).sent])),
);
console.log('total:', Object.fromEntries(IDS.map((id) => [id, +[...results.get(id).times.values()].reduce((a, b) => a + b, 0).toFixed(1)])));
console.table(rows);
