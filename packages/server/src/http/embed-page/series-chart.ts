import type { SeriesEmbedWidget } from '../../schemas/embed.js';
import { bucketLabel, colourOf, formatValue, px, seriesLabel, valueAxis } from './chart-format.js';
import type { ChartSeries } from './chart-format.js';
import { escapeHtml } from './escape-html.js';

const WIDTH = 400;
const HEIGHT = 200;
const PLOT = { left: 40, right: 24, top: 10, bottom: 24 };
/** Dots are drawn on lines up to this many buckets; beyond, the line alone stays readable. */
const MAX_DOTS = 62;
/** Labels under the time axis, at most. */
const MAX_X_LABELS = 6;

type Kind = 'line' | 'area' | 'bar';

interface Frame {
  buckets: string[];
  x(index: number): number;
  y(value: number): number;
  /** Width of one bucket's slot (bars). */
  slot: number;
}

function frameOf(result: SeriesEmbedWidget['result'], kind: Kind, axis: { min: number; max: number }): Frame {
  const buckets = result.series[0]?.data.map((point) => point.date) ?? [];
  const width = WIDTH - PLOT.left - PLOT.right;
  const height = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = width / Math.max(buckets.length, 1);
  const x =
    kind === 'bar' || buckets.length < 2
      ? (index: number) => PLOT.left + slot * (index + 0.5)
      : (index: number) => PLOT.left + (width * index) / (buckets.length - 1);
  const y = (value: number) => PLOT.top + height - ((value - axis.min) / (axis.max - axis.min)) * height;
  return { buckets, x, y, slot };
}

function grid(frame: Frame, ticks: number[], interval: SeriesEmbedWidget['result']['interval']): string {
  const lines = ticks.map((tick) => {
    const y = px(frame.y(tick));
    return `<line class="grid" x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y}" y2="${y}" stroke="#e5e7eb"/><text class="tick" x="${PLOT.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${escapeHtml(formatValue(tick))}</text>`;
  });
  const every = Math.max(1, Math.ceil(frame.buckets.length / MAX_X_LABELS));
  const labels = frame.buckets.flatMap((date, index) =>
    index % every === 0
      ? [`<text class="tick" x="${px(frame.x(index))}" y="${HEIGHT - PLOT.bottom + 16}" text-anchor="middle">${escapeHtml(bucketLabel(date, interval))}</text>`]
      : [],
  );
  return lines.join('') + labels.join('');
}

interface Point {
  index: number;
  value: number;
}

/** Runs of consecutive buckets that have a value: a line breaks where a bucket is empty (`null`). */
function runsOf(series: ChartSeries): Point[][] {
  const runs: Point[][] = [];
  let current: Point[] = [];
  series.data.forEach((point, index) => {
    if (point.value !== null) current.push({ index, value: point.value });
    else if (current.length) {
      runs.push(current);
      current = [];
    }
  });
  if (current.length) runs.push(current);
  return runs;
}

function tooltip(series: ChartSeries, { index, value }: Point): string {
  return `<title>${escapeHtml(`${seriesLabel(series)}, ${series.data[index]?.date ?? ''}: ${formatValue(value)}`)}</title>`;
}

function lineSeries(series: ChartSeries, index: number, frame: Frame, kind: Kind, zero: number): string {
  const colour = colourOf(index);
  const runs = runsOf(series);
  const shapes = runs.map((run) => {
    const points = run.map((point) => `${px(frame.x(point.index))},${px(frame.y(point.value))}`).join(' ');
    const [first, last] = [px(frame.x(run[0]!.index)), px(frame.x(run.at(-1)!.index))];
    const area =
      kind === 'area' ? `<polygon class="area" points="${first},${px(zero)} ${points} ${last},${px(zero)}" fill="${colour}" fill-opacity="0.18"/>` : '';
    return `${area}<polyline class="line" points="${points}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round"/>`;
  });
  const dots =
    series.data.length <= MAX_DOTS
      ? runs
          .flat()
          .map(
            (point) =>
              `<circle class="point" cx="${px(frame.x(point.index))}" cy="${px(frame.y(point.value))}" r="3" fill="${colour}" data-value="${point.value}">${tooltip(series, point)}</circle>`,
          )
      : [];
  return `<g class="series" data-label="${escapeHtml(seriesLabel(series))}">${shapes.join('')}${dots.join('')}</g>`;
}

function barSeries(series: ChartSeries, index: number, count: number, frame: Frame, zero: number): string {
  const colour = colourOf(index);
  const width = (frame.slot * 0.8) / count;
  const bars = runsOf(series)
    .flat()
    .map((point) => {
      const x = frame.x(point.index) - frame.slot * 0.4 + width * index;
      const y = frame.y(point.value);
      return `<rect class="point" x="${px(x)}" y="${px(Math.min(y, zero))}" width="${px(Math.max(width - 1, 1))}" height="${px(Math.abs(zero - y))}" fill="${colour}" data-value="${point.value}">${tooltip(series, point)}</rect>`;
    });
  return `<g class="series" data-label="${escapeHtml(seriesLabel(series))}">${bars.join('')}</g>`;
}

/** A line, area or bar chart of a widget's series over its buckets, as one `<svg>` element. */
export function seriesChart(widget: SeriesEmbedWidget, kind: Kind): string {
  const { result } = widget;
  const axis = valueAxis(result.series.flatMap((series) => series.data.map((point) => point.value)));
  const frame = frameOf(result, kind, axis);
  const zero = frame.y(0);
  const drawn = result.series.map((series, index) =>
    kind === 'bar' ? barSeries(series, index, result.series.length, frame, zero) : lineSeries(series, index, frame, kind, zero),
  );
  const label = escapeHtml(`${widget.title}: ${kind} chart of ${result.series.length} series`);
  return `<svg class="chart chart-${kind}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${label}">${grid(frame, axis.ticks, result.interval)}${drawn.join('')}</svg>`;
}
