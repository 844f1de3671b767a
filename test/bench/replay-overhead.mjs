// What session replay costs the page (issue 17), in headless Chromium, each scenario beside the same page with
// replay off in the same run: (a) a page that mutates 1,000 nodes per second (100 text changes every 100 ms
// over a list of 1,000 items) for BENCH_REPLAY_SECONDS (default 30); (b) the initial snapshot of a table of
// 10,000 rows (5 cells each), from loading the SDK until its first chunk is sent, plus a tail. Figures:
// main-thread busy time (CDP `TaskDuration`, every task in the window), the longest task (the page's
// `longtask` entries that start after the SDK does, which Chromium reports from 50 ms up: 0 means none reached 50 ms;
// and the same tasks' main-thread CPU time from a Chromium trace, which other processes on the machine do not
// stretch), heap growth (JS heap
// after a forced GC, end minus start), and the bytes of `/v1/replay/chunks` per minute, on the wire (gzip) and
// decompressed. Our CDN script and its replay chunk come from the build; no request leaves the machine.
/* global window */
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const SECONDS = Number(process.env.BENCH_REPLAY_SECONDS ?? 30);
const ROWS = Number(process.env.BENCH_REPLAY_ROWS ?? 10_000);
/** After the measured window: the recorder's last flush (its interval, 5 s by default) and idle work. */
const TAIL = 6000;
const DIST = process.env.BENCH_NORTHSTAR_DIST ?? fileURLToPath(new URL('../../packages/browser/dist/', import.meta.url));
/** The SDK with the core only (page views), so that what differs between the two runs of a scenario is replay. */
const CORE = { autocapture: { clicks: false, forms: false, scroll: false }, frustration: false, heatmap: false, webVitals: false };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every task of the renderer with its thread time, and the page's marks. */
const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

/**
 * The page's main-thread tasks from the mark `northstar:sdk-start` on, with their CPU time (`tdur`): on two shared
 * cores other processes stretch a task's wall-clock time (what `longtask` reports), not the work it did.
 */
function mainThreadTasks(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const mark = events.find((e) => e.name === 'northstar:sdk-start');
  if (!mark) throw new Error('the trace has no northstar:sdk-start mark');
  const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.pid === mark.pid && e.tid === mark.tid);
  const end = (e) => e.ts + (e.dur ?? 0);
  // A task run inside another (a nested run loop) is part of that one.
  const outer = tasks.filter((task) => !tasks.some((other) => other !== task && other.ts <= task.ts && end(task) <= end(other)));
  return outer.filter((e) => end(e) >= mark.ts).map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? e.dur ?? 0) / 1000 }));
}

/** The two scenarios: the page's body and the script that drives it (`window.__drive(seconds)` resolves when done). */
const SCENARIOS = {
  mutations: {
    label: `(a) 1,000 node mutations/s for ${SECONDS} s`,
    body: `<ul id="list">${Array.from({ length: 1000 }, (_, i) => `<li>item ${i}</li>`).join('')}</ul>`,
    drive: `window.__drive = (seconds) => new Promise((resolve) => {
  const items = document.querySelectorAll('#list li'); let tick = 0;
  const timer = setInterval(() => {
    for (let i = 0; i < 100; i++) items[(tick * 100 + i) % items.length].textContent = 'item ' + i + ' at ' + tick;
    if (++tick >= seconds * 10) { clearInterval(timer); resolve(); }
  }, 100);
});`,
  },
  table: {
    label: `(b) initial snapshot of a ${ROWS.toLocaleString('en')}-row table`,
    body: `<table id="table"><tbody>${Array.from({ length: ROWS }, (_, i) => `<tr><td>${i}</td><td>name ${i}</td><td>${(i * 7) % 1000}</td><td>row text ${i}</td><td><a href="#r${i}">open</a></td></tr>`).join('')}</tbody></table>`,
    // Until the recorder's first chunk has gone out (or, with replay off, at once): the snapshot is the cost.
    drive: `window.__drive = () => new Promise((resolve) => { const done = () => (window.__chunks > 0 || !window.__replay) ? resolve() : setTimeout(done, 50); done(); });`,
  },
};

function page(scenario, replay) {
  const init = JSON.stringify({ key: 'pk_bench', ...CORE, replay: replay ? { samplingRate: 100 } : false });
  return `<!doctype html><html><head><meta charset="utf-8"><title>replay bench</title><style>td { padding: 2px 6px; }</style>
<script>
window.__longest = 0; window.__longTasks = 0; window.__chunks = 0; window.__replay = ${replay}; window.__since = Infinity;
// Only tasks from the SDK's start on: the page's own parsing and layout of its table come before, in both runs.
new PerformanceObserver((list) => { for (const e of list.getEntries()) { if (e.startTime < window.__since) continue; window.__longTasks++; window.__longest = Math.max(window.__longest, e.duration); } }).observe({ type: 'longtask', buffered: true });
const send = window.fetch; window.fetch = function (url) { if (String(url).endsWith('/v1/replay/chunks')) window.__chunks++; return send.apply(this, arguments); };
window.__startSdk = () => { window.__since = performance.now(); performance.mark('northstar:sdk-start'); window.northstar = [['init', ${init}]]; const s = document.createElement('script'); s.src = '/sdk/northstar.js'; document.head.appendChild(s); };
${SCENARIOS[scenario].drive}
</script></head><body>${SCENARIOS[scenario].body}</body></html>`;
}

/** The local server: the pages, our build's files, and a collector counting replay bytes (wire and decompressed). */
async function startServer() {
  const sent = { wire: 0, raw: 0, chunks: 0 };
  const server = createServer((req, res) => {
    const parts = [];
    req.on('data', (part) => parts.push(part));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const match = /^\/page\/(\w+)\/(on|off)$/.exec(url.pathname);
      if (match) return res.writeHead(200, { 'Content-Type': 'text/html' }).end(page(match[1], match[2] === 'on'));
      const file = { '/sdk/northstar.js': 'northstar.min.js', '/sdk/replay.js': 'replay.js' }[url.pathname];
      if (file) return void readFile(`${DIST}${file}`).then((body) => res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(body));
      if (url.pathname === '/v1/replay/chunks') {
        const body = Buffer.concat(parts);
        sent.wire += body.length;
        sent.raw += body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).length : body.length;
        sent.chunks += 1;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, sent, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** One scenario with replay on or off in a fresh page: the figures of the window from loading the SDK to the end of the tail. */
async function measure(browser, server, scenario, replay) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
    console.warn(`aborted a request off the machine: ${route.request().url()}`);
    return route.abort();
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  await tab.goto(`${server.origin}/page/${scenario}/${replay ? 'on' : 'off'}`);
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await metrics()).JSHeapUsedSize;
  };
  const before = { ...(await metrics()), heap: await heap(), sent: { ...server.sent } };
  const start = Date.now();
  await browser.startTracing(tab, { categories: TRACE_CATEGORIES });
  await tab.evaluate(() => window.__startSdk());
  await tab.waitForFunction(() => Boolean(window.northstar && window.northstar._instance));
  await tab.evaluate((seconds) => window.__drive(seconds), SECONDS);
  await sleep(TAIL);
  const tasks = mainThreadTasks(await browser.stopTracing());
  const after = { ...(await metrics()), heap: await heap() };
  const elapsed = (Date.now() - start) / 1000;
  const page = await tab.evaluate(() => ({ longest: window.__longest, longTasks: window.__longTasks }));
  await context.close();
  const wire = server.sent.wire - before.sent.wire;
  const raw = server.sent.raw - before.sent.raw;
  return {
    scenario: SCENARIOS[scenario].label,
    replay: replay ? 'on' : 'off',
    'busy ms': Math.round((after.TaskDuration - before.TaskDuration) * 1000),
    'longest task ms': Math.round(page.longest),
    'tasks ≥ 50 ms': page.longTasks,
    'longest task CPU ms': Math.round(Math.max(0, ...tasks.map((t) => t.cpu))),
    'tasks ≥ 50 ms CPU': tasks.filter((t) => t.cpu >= 50).length,
    'heap growth KB': Math.round((after.heap - before.heap) / 1024),
    chunks: server.sent.chunks - before.sent.chunks,
    'KB/min wire': Math.round(((wire / 1024) * 60) / elapsed),
    'KB/min raw': Math.round(((raw / 1024) * 60) / elapsed),
    'window s': Math.round(elapsed * 10) / 10,
  };
}

export async function replayOverhead() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.NORTHSTAR_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const rows = [];
  try {
    for (const scenario of Object.keys(SCENARIOS)) {
      for (const replay of [false, true]) rows.push(await measure(browser, server, scenario, replay));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const pair = (scenario) => rows.filter((r) => r.scenario === SCENARIOS[scenario].label);
  const [aOff, aOn] = pair('mutations');
  const [bOff, bOn] = pair('table');
  return {
    name: `session replay overhead in Chromium (BENCH_REPLAY_SECONDS=${SECONDS}, ${ROWS} rows)`,
    rows,
    ratios: {
      'added busy time in (a), % of the window': Math.round(((aOn['busy ms'] - aOff['busy ms']) / (aOn['window s'] * 1000)) * 1000) / 10,
      'longest task with replay in (a), ms': aOn['longest task ms'],
      'longest task with replay in (b), ms': bOn['longest task ms'],
      'longest task CPU with replay in (a), ms': aOn['longest task CPU ms'],
      'longest task CPU with replay in (b), ms': bOn['longest task CPU ms'],
      'added busy time in (b), ms': bOn['busy ms'] - bOff['busy ms'],
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await replayOverhead();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  console.log('against replay off:', result.ratios);
}
