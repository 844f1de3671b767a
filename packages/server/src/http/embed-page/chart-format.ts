import type { SeriesEmbedWidget } from '../../schemas/embed.js';

type Result = SeriesEmbedWidget['result'];
export type ChartSeries = Result['series'][number];

/** Colours of series, in order (presentation attributes: the page's CSP allows no inline style). */
export const SERIES_COLOURS = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626', '#4b5563', '#0d9488'] as const;

export function colourOf(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length]!;
}

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A value as shown: `12,345`, `0.25`; an empty bucket of a metric that has no zero (`avg`, `p90`, ...) is `–`. */
export function formatValue(value: number | null): string {
  return value === null ? '–' : numbers.format(value);
}

/** A series' label: its event, and the group of a grouped query (`(none)` for events without the property). */
export function seriesLabel(series: ChartSeries): string {
  if (series.group === undefined) return series.event;
  return `${series.event} · ${series.group ?? '(none)'}`;
}

/** A bucket's date, short: `05-31` for days and weeks, `2024-05` for months, `05-31 14:00` for hours. */
export function bucketLabel(date: string, interval: Result['interval']): string {
  if (interval === 'month') return date.slice(0, 7);
  if (interval === 'hour') return `${date.slice(5, 10)} ${date.slice(11, 16)}`;
  return date.slice(5, 10);
}

/** A coordinate, to one decimal place. */
export function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** A round step near `span / count`: 1, 2 or 5 times a power of ten. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** The value axis of `values`: from a round minimum (≤ 0) to a round maximum (≥ 0), with its ticks. */
export function valueAxis(all: readonly (number | null)[]): { min: number; max: number; ticks: number[] } {
  const values = all.filter((value): value is number => value !== null);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  // Counts never get fractional ticks.
  const whole = values.every(Number.isInteger);
  const step = high === low ? 1 : Math.max(niceStep(high - low, 4), whole ? 1 : 0);
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick / step) * step);
  return { min, max, ticks };
}
