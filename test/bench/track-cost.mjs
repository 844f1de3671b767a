// Main-thread cost of one `track()` call of the browser SDK, in headless Chromium: the minified CDN
// build on a real page, each figure beside an empty function called the same way in the same page.
// Three cases: an empty queue (the server answers), 1,000 events already queued (offline, the queue
// at its default maxQueueSize, so every call also drops the oldest event), both with autocapture off;
// and an empty queue with the CDN script's defaults (autocapture and frustration on: scroll depth and
// page leave watch events through processEvent, which finishes each event on the call path). The work track()
// leaves for the next send or write (uuid, ISO time, merged properties) is timed in its own column.
/* global window, performance -- measureInPage runs inside the page */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const CALLS = Number(process.env.BENCH_TRACK_CALLS ?? 5000);
const RUNS = Number(process.env.BENCH_TRACK_RUNS ?? 31);
const ORIGIN = 'https://bench.northstar.test';
const DIST = fileURLToPath(new URL('../../packages/browser/dist/', import.meta.url));
const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** Runs in the page: median over RUNS of (ms for CALLS calls) / CALLS, for `track` and an empty function. */
async function measureInPage({ calls, runs, queued }) {
  const ns = window.northstar._instance;
  const track = (name, props) => ns.track(name, props);
  const empty = (name, props) => void (name && props);
  const timeOf = (fn) => {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) fn('bench_event', { i, plan: 'pro' });
    return performance.now() - t0;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const settle = async () => {
    if (queued) {
      // Offline: the queue stays full; each send attempt fails at once and backs off.
      for (let i = ns.run.queue.items.length; i < queued; i++) track('prefill', { i });
    } else {
      while (ns.run.queue.items.length) await ns.flush();
    }
  };
  const trackMs = [];
  const emptyMs = [];
  const readyMs = [];
  for (let r = 0; r < runs + 3; r++) {
    await settle();
    const e = timeOf(empty);
    const t = timeOf(track);
    // The part of each event left for later (uuid, ISO time, merged properties), done in one go at
    // the next send or localStorage write: timed here for the record, not part of the call.
    const unfinished = ns.run.queue.items.filter((ev) => ev.uuid === undefined).length;
    const t0 = performance.now();
    ns.run.queue.ready();
    const ready = ((performance.now() - t0) / unfinished) * calls;
    if (r >= 3) {
      trackMs.push(t);
      emptyMs.push(e);
      readyMs.push(ready);
    }
  }
  const queueLength = ns.run.queue.items.length;
  const perCall = (ms) => (median(ms) / calls) * 1000;
  return { track_us: perCall(trackMs), empty_us: perCall(emptyMs), ready_us: perCall(readyMs), queueLength };
}

async function measure(browser, script, queued, defaults) {
  // Empty queue: room for every call of a run (the queue is emptied between runs). Full queue: the
  // default maxQueueSize of 1,000, so each call also drops the oldest event.
  const config = { key: 'pk_bench', endpoint: `${ORIGIN}/ns`, ...(defaults ? {} : { autocapture: false }), ...(queued ? {} : { maxQueueSize: 1e6 }) };
  const context = await browser.newContext();
  await context.route(`${ORIGIN}/**`, (route) => {
    const url = route.request().url();
    if (url.endsWith('/v1/track')) return queued ? route.abort('internetdisconnected') : route.fulfill({ json: { accepted: 1, rejected: [] } });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>bench</title><script>window.northstar=[['init',${JSON.stringify(config)}]]</script><script>${script}</script>`,
    });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  const result = await page.evaluate(measureInPage, { calls: CALLS, runs: RUNS, queued });
  await context.close();
  return result;
}

export async function trackCost() {
  const [min, debug] = await Promise.all([readFile(`${DIST}northstar.min.js`), readFile(`${DIST}northstar.iife.js`)]);
  const browser = await chromium.launch({
    executablePath: process.env.NORTHSTAR_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const [queued, defaults] of [
      [0, false],
      [1000, false],
      [0, true],
    ]) {
      const r = await measure(browser, min.toString(), queued, defaults);
      rows.push({
        case: `${queued} events queued${defaults ? ', CDN defaults (autocapture on)' : ''}`,
        'track() µs/call': +r.track_us.toFixed(3),
        'empty fn µs/call': +r.empty_us.toFixed(3),
        'track() − empty µs': +(r.track_us - r.empty_us).toFixed(3),
        'deferred finish µs/event': +r.ready_us.toFixed(3),
        'queue after': r.queueLength,
      });
    }
  } finally {
    await browser.close();
  }
  const bundle = { 'northstar.min.js': gzip(min), 'northstar.iife.js (debug)': gzip(debug) };
  console.log('\nbrowser SDK bundle sizes (bytes, gzip -9):', bundle);
  return {
    name: 'track-cost (headless Chromium, median of runs)',
    calls_per_run: CALLS,
    runs: RUNS,
    bundle_bytes_gzip: bundle,
    rows,
    ratios: Object.fromEntries(rows.map((row) => [row.case, +(row['track() µs/call'] / row['empty fn µs/call']).toFixed(1)])),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await trackCost();
  console.log(result.name, `${result.runs} runs × ${result.calls_per_run} calls`);
  console.table(result.rows);
}
