import type { Browser, Page } from 'playwright-core';

/** One task of a page's main thread, from a Chromium trace. */
export interface MainThreadTask {
  /** Start, ms after the mark the trace was read from. */
  at: number;
  /** Wall-clock duration, ms: what a `longtask` entry reports, preemption by other processes included. */
  wall: number;
  /** Main-thread CPU time, ms: the work the task did. */
  cpu: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Trace categories: every task of the renderer (`toplevel`, with its thread time) and the page's performance marks. */
const CATEGORIES = ['toplevel', 'blink.user_timing'];

/**
 * Runs `during` under a Chromium trace of `page`, and returns the tasks of the page's main thread from the
 * performance mark `mark` (which the page sets during `during`) on: the thread is the one the mark was made on.
 */
export async function tracedTasks(browser: Browser, page: Page, mark: string, during: () => Promise<void>): Promise<MainThreadTask[]> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let buffer: Buffer;
  try {
    await during();
  } finally {
    buffer = await browser.stopTracing();
  }
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const start = events.find((e) => e.name === mark);
  if (!start) throw new Error(`the trace has no mark ${mark}`);
  const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.pid === start.pid && e.tid === start.tid);
  const end = (e: TraceEvent): number => e.ts + (e.dur ?? 0);
  // A task run inside another (a nested run loop) is part of that one.
  const outer = tasks.filter((task) => !tasks.some((other) => other !== task && other.ts <= task.ts && end(task) <= end(other)));
  return outer.filter((e) => end(e) >= start.ts).map((e) => ({ at: (e.ts - start.ts) / 1000, wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? e.dur ?? 0) / 1000 }));
}
