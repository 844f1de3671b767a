// Main-thread time of the browser SDK per subsystem, in headless Chromium, beside the same page with no
// SDK and beside posthog-js (from npm, autocapture on), all in the same run (issue 16). Each configuration
// gets a fresh page of about 5,000 elements (browser-page.mjs) from a local server (bench-collector.mjs)
// and plays the same scripted session: clicks on varied elements, a rage click now and then, scrolls,
// single-page navigations (pushState) and typing. CDP `Performance.getMetrics` is read before the SDK is
// loaded, once it has loaded, and after the session plus a tail in which deferred work (timers, idle
// callbacks, the last sends) runs: `TaskDuration` is every main-thread task in that window.
// BENCH_BROWSER_SECONDS (default 60) is the session's length, BENCH_BROWSER_ROUNDS (default 1) how many
// times each configuration runs (the median is kept). No request leaves the machine: any request that is
// not to 127.0.0.1 is aborted and reported.
/* global window, document, Event */
import { chromium } from 'playwright-core';
import { startCollector } from './bench-collector.mjs';
import { PAGE_SIZE } from './browser-page.mjs';

const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 1);
/** Pause between two actions of the session, ms; with the actions' own time, about 2.5 actions per second. */
const PAUSE = 250;
/** After the session: long enough for both SDKs' flush timers (ours 2 s, posthog's 3 s) and idle work. */
const TAIL = 4000;

/** Our CDN script with every subsystem off but the core (and its page views), then one subsystem at a time. */
const CORE = { autocapture: { clicks: false, forms: false, scroll: false }, frustration: false, heatmap: false, webVitals: false, replay: false };
/**
 * posthog-js with autocapture and its defaults, pointed at the local server. Its user-agent filter is off:
 * it drops every event of a headless browser (ours filters nothing). Replay and surveys are off: ours has none.
 */
const POSTHOG = {
  autocapture: true,
  capture_pageview: 'history_change',
  capture_pageleave: true,
  disable_session_recording: true,
  disable_surveys: true,
  opt_out_useragent_filter: true,
};
/** The configurations, in order: add one here to measure it. `sdk` is 'none', 'northstar' or 'posthog'. */
export const CONFIGS = [
  { id: 'off', label: 'SDK off (baseline)', sdk: 'none' },
  { id: 'core', label: 'northstar core only (page views)', sdk: 'northstar', options: CORE },
  { id: 'autocapture', label: 'northstar core + autocapture', sdk: 'northstar', options: { ...CORE, autocapture: true } },
  { id: 'frustration', label: 'northstar core + frustration', sdk: 'northstar', options: { ...CORE, frustration: true } },
  { id: 'heatmaps', label: 'northstar core + heatmaps', sdk: 'northstar', options: { ...CORE, heatmap: true } },
  { id: 'vitals', label: 'northstar core + web vitals', sdk: 'northstar', options: { ...CORE, webVitals: true } },
  // Replay off as posthog-js's recording is below: its cost is measured on its own (replay-overhead.mjs).
  { id: 'all', label: 'northstar everything on (CDN defaults, replay off)', sdk: 'northstar', options: { replay: false } },
  {
    id: 'posthog',
    label: 'posthog-js, autocapture on',
    sdk: 'posthog',
    options: POSTHOG,
  },
  {
    id: 'posthog-all',
    label: 'posthog-js, autocapture + heatmaps + dead clicks + web vitals',
    sdk: 'posthog',
    options: {
      ...POSTHOG,
      enable_heatmaps: true,
      capture_dead_clicks: true,
      capture_performance: { web_vitals: true, network_timing: false },
    },
  },
];

/** The page's inline script for a configuration: `__startSdk` loads the SDK as an async snippet would, `__sdkReady` says it has. */
export function sdkScript(id, origin) {
  const config = CONFIGS.find((c) => id.startsWith(`${c.id}.`));
  const base = `/c/${id}`;
  if (config?.sdk === 'northstar') {
    const init = JSON.stringify({ key: 'pk_bench', ...config.options });
    return `window.__startSdk = () => { window.northstar = [['init', ${init}]]; const s = document.createElement('script'); s.src = '${base}/sdk/northstar.js'; document.head.appendChild(s); };
window.__sdkReady = () => Boolean(window.northstar && window.northstar._instance);`;
  }
  if (config?.sdk === 'posthog') {
    const init = JSON.stringify({ api_host: `${origin}${base}`, ...config.options });
    return `window.__startSdk = () => { const s = document.createElement('script'); s.src = '${base}/static/array.js'; s.onload = () => window.posthog.init('phc_bench', ${init}); document.head.appendChild(s); };
window.__sdkReady = () => Boolean(window.posthog && window.posthog.__loaded);`;
  }
  return 'window.__startSdk = () => {}; window.__sdkReady = () => true;';
}

/** A seeded generator (mulberry32), so every configuration plays the same session. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The session's actions, by weight: what a visitor of a shop does in a minute. */
const ACTIONS = [
  ['buy', 20],
  ['fav', 8],
  ['nav', 8],
  ['side', 6],
  ['more', 6],
  ['cell', 6],
  ['scroll', 26],
  ['type', 8],
  ['rage', 4],
  ['move', 8],
];

export function sessionScript(seconds, seed = 16) {
  const next = random(seed);
  const total = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);
  return Array.from({ length: Math.max(5, Math.round(seconds * 2.5)) }, () => {
    let pick = next() * total;
    const [kind] = ACTIONS.find(([, weight]) => (pick -= weight) < 0) ?? ACTIONS[0];
    return { kind, n: Math.floor(next() * 1000), x: next(), y: next() };
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function perform(page, { kind, n, x, y }) {
  const click = (selector) => page.click(selector, { timeout: 5000 });
  switch (kind) {
    case 'buy':
    case 'fav':
    case 'more':
      return click(`#card-${n % PAGE_SIZE.cards} .${kind}`);
    case 'nav':
      return click(`.nav li:nth-child(${(n % PAGE_SIZE.navLinks) + 1}) a`);
    case 'side':
      return click(`aside li:nth-child(${(n % PAGE_SIZE.sideLinks) + 1}) a`);
    case 'cell':
      return click(`tbody tr:nth-child(${(n % PAGE_SIZE.tableRows) + 1}) td:nth-child(${(n % 5) + 1})`);
    case 'scroll':
      return page.mouse.wheel(0, Math.round((y - 0.4) * 2000));
    case 'type': {
      const field = ['#search', '#contact input[name=city]', '#contact input[name=message]'][n % 3];
      await click(field);
      return page.keyboard.type(`query ${n}`, { delay: 20 });
    }
    case 'rage': {
      const button = await page.$(`#card-${n % PAGE_SIZE.cards} .fav`);
      await button?.scrollIntoViewIfNeeded();
      const box = await button?.boundingBox();
      if (!box) return undefined;
      for (let i = 0; i < 4; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { delay: 10 });
      return undefined;
    }
    default:
      return page.mouse.move(Math.round(x * 1200), Math.round(y * 760), { steps: 8 });
  }
}

async function mainThread(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: of('TaskDuration'), script: of('ScriptDuration') };
}

/** One configuration on a fresh page: main-thread ms while the SDK loads and over the session (with its tail), and what the SDK sent. */
async function runConfig(browser, collector, id, actions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const blocked = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  await page.goto(`${collector.origin}/c/${id}/page`, { waitUntil: 'load' });
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  await sleep(500);
  const cdp = await context.newCDPSession(page);
  // Thread CPU time, not wall time: on a shared machine a task that waits for a core is not charged for the wait.
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const start = await mainThread(cdp);
  await page.evaluate(() => window.__startSdk());
  await sleep(1000);
  if (!(await page.evaluate(() => window.__sdkReady()))) throw new Error(`${id}: the SDK did not load within 1 s`);
  const loaded = await mainThread(cdp);
  const began = Date.now();
  for (const action of actions) {
    await perform(page, action);
    await sleep(PAUSE);
  }
  // The visitor leaves: the tab is hidden, as a tab switch would (headless Chromium never hides a page).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const sessionMs = Date.now() - began;
  await sleep(TAIL);
  const end = await mainThread(cdp);
  await context.close();
  await sleep(300);
  const sent = collector.counts(id);
  return {
    nodes,
    sessionMs,
    loadTask: loaded.task - start.task,
    task: end.task - start.task,
    script: end.script - start.script,
    sessionTask: end.task - loaded.task,
    events: sent.events,
    requests: sent.requests,
    names: sent.names,
    files: sent.files,
    blocked,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round1 = (x) => Math.round(x * 10) / 10;

export async function browserMainThread() {
  const collector = await startCollector((id) => sdkScript(id, collector.origin));
  const browser = await chromium.launch({
    executablePath: process.env.NORTHSTAR_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const actions = sessionScript(SECONDS);
  const runs = new Map(CONFIGS.map((c) => [c.id, []]));
  try {
    // Unmeasured: the first page of a fresh browser pays for its warm-up (processes, caches), not any SDK.
    await runConfig(browser, collector, 'off.warmup', actions.slice(0, 5));
    for (let round = 0; round < ROUNDS; round++) {
      for (const config of CONFIGS) runs.get(config.id).push(await runConfig(browser, collector, `${config.id}.${round}`, actions));
    }
  } finally {
    await browser.close();
    await collector.close();
  }
  const summary = new Map(
    CONFIGS.map((c) => {
      const r = runs.get(c.id);
      const pick = (key) => median(r.map((run) => run[key]));
      return [
        c.id,
        { ...r[0], task: pick('task'), script: pick('script'), loadTask: pick('loadTask'), sessionTask: pick('sessionTask'), events: pick('events') },
      ];
    }),
  );
  const off = summary.get('off');
  const perEvent = (id, key) => {
    const s = summary.get(id);
    return s.events ? ((s[key] - off[key]) / s.events) * 1000 : NaN;
  };
  const rows = CONFIGS.map((c) => {
    const s = summary.get(c.id);
    return {
      configuration: c.label,
      'task ms': round1(s.task),
      'script ms': round1(s.script),
      'SDK load ms': round1(s.loadTask),
      'task − off ms': round1(s.task - off.task),
      'session task − off ms': round1(s.sessionTask - off.sessionTask),
      'events sent': s.events,
      'µs/event (session − off)': c.sdk === 'none' ? null : round1(perEvent(c.id, 'sessionTask')),
      'µs/event (all − off)': c.sdk === 'none' ? null : round1(perEvent(c.id, 'task')),
    };
  });
  const blocked = [...runs.values()].flat().flatMap((r) => r.blocked);
  const ratio = (key) => +(perEvent('all', key) / perEvent('posthog', key)).toFixed(3);
  return {
    name: `browser main thread (headless Chromium, CDP TaskDuration in thread CPU time, ${SECONDS} s session, ${ROUNDS} round(s), median)`,
    seconds: SECONDS,
    rounds: ROUNDS,
    actions: actions.length,
    page_elements: off.nodes,
    session_ms: Object.fromEntries(CONFIGS.map((c) => [c.id, summary.get(c.id).sessionMs])),
    events_by_name: Object.fromEntries(CONFIGS.filter((c) => c.sdk !== 'none').map((c) => [c.id, summary.get(c.id).names])),
    sdk_files: Object.fromEntries(CONFIGS.filter((c) => c.sdk !== 'none').map((c) => [c.id, summary.get(c.id).files])),
    blocked_requests: blocked,
    rows,
    ratios: {
      'per event, ours everything on / posthog-js autocapture (session, SDK load excluded; target ≤ 0.5)': ratio('sessionTask'),
      'per event, ours everything on / posthog-js autocapture (SDK load included)': ratio('task'),
      'task − off, ours everything on / posthog-js autocapture': +((summary.get('all').task - off.task) / (summary.get('posthog').task - off.task)).toFixed(3),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await browserMainThread();
  console.log(result.name, `${result.actions} actions, ${result.page_elements} elements`);
  console.table(result.rows);
  console.log(result.ratios, 'events:', result.events_by_name, 'files:', result.sdk_files, 'blocked:', result.blocked_requests);
}
