import type { QueryResponse } from '@northstar/core';
import type { DemoProject } from './server.js';

/** `uniq` per day of one event over today (UTC), through the real query endpoint with the demo sk_ key. */
export async function uniqToday(demo: DemoProject, event: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(`${demo.url}/v1/api/query/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${demo.sk}` },
    body: JSON.stringify({
      project_id: demo.project_id,
      events: [{ name: event }],
      metric: 'uniq',
      date_range: { start: today, end: today },
      interval: 'day',
    }),
  });
  if (!response.ok) throw new Error(`query answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as QueryResponse;
  return body.series[0]?.data[0]?.value ?? 0;
}

/** `total` of one event over today (UTC), through the real query endpoint with the demo sk_ key. */
export async function totalToday(demo: DemoProject, event: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(`${demo.url}/v1/api/query/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${demo.sk}` },
    body: JSON.stringify({
      project_id: demo.project_id,
      events: [{ name: event }],
      metric: 'total',
      date_range: { start: today, end: today },
      interval: 'day',
    }),
  });
  if (!response.ok) throw new Error(`query answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as QueryResponse;
  return body.series[0]?.data[0]?.value ?? 0;
}

/** The parts of a `POST /v1/api/query/heatmaps` answer the e2e suites read (docs/heatmaps.md). */
export interface HeatmapMap {
  width: number;
  clicks: { total: number; cells: { selector: string; x: number; y: number; count: number }[] };
  scroll: { page_views: number; reach: { depth: number; page_views: number }[] };
  attention: { total_ms: number; bands: { band: number; ms: number }[] };
}

/** The heatmap of the pages matching `url` over today (UTC) at viewport `width`, through the real query route with the demo sk_ key. */
export async function heatmapToday(demo: DemoProject, url: string, width: number): Promise<HeatmapMap> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(`${demo.url}/v1/query/heatmaps`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${demo.sk}` },
    body: JSON.stringify({ project_id: demo.project_id, url, width, date_range: { start: today, end: today } }),
  });
  if (!response.ok) throw new Error(`heatmap query answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as HeatmapMap;
}
