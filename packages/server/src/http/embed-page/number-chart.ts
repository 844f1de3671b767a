import type { SeriesEmbedWidget } from '../../schemas/embed.js';
import { colourOf, formatValue, seriesLabel } from './chart-format.js';
import type { ChartSeries } from './chart-format.js';
import { escapeHtml } from './escape-html.js';

const WIDTH = 320;
const ROW = 72;

type Result = SeriesEmbedWidget['result'];

/**
 * The one number of a series: over the whole range where buckets add up (`total`, `sum`) or compare
 * (`min`, `max`); for the others (`uniq`, `avg`, percentiles, `per_user`), which do not add up across
 * buckets, the latest bucket that has a value. `null` when no bucket has one.
 */
export function headline(series: ChartSeries, result: Result): { value: number | null; caption: string } {
  const values = series.data.flatMap((point) => (point.value === null ? [] : [point.value]));
  const range = `${result.date_range.start} – ${result.date_range.end}`;
  switch (result.metric) {
    case 'total':
    case 'sum':
      return { value: values.reduce((sum, value) => sum + value, 0), caption: `${result.metric}, ${range}` };
    case 'min':
      return { value: values.length ? Math.min(...values) : null, caption: `minimum, ${range}` };
    case 'max':
      return { value: values.length ? Math.max(...values) : null, caption: `maximum, ${range}` };
    default: {
      const last = [...series.data].reverse().find((point) => point.value !== null);
      return { value: last?.value ?? null, caption: `${result.metric}, ${last?.date ?? range}` };
    }
  }
}

/** One large number per series, with its label and what it measures, as one `<svg>` element. */
export function numberChart(widget: SeriesEmbedWidget): string {
  const { result } = widget;
  const rows = result.series.map((series, index) => {
    const { value, caption } = headline(series, result);
    const top = index * ROW;
    return `<g class="series" data-label="${escapeHtml(seriesLabel(series))}"><text class="number point" x="0" y="${top + 40}" fill="${colourOf(index)}" data-value="${value ?? ''}">${escapeHtml(formatValue(value))}</text><text class="caption" x="0" y="${top + 62}">${escapeHtml(`${seriesLabel(series)} (${caption})`)}</text></g>`;
  });
  const height = Math.max(result.series.length, 1) * ROW;
  const label = escapeHtml(`${widget.title}: ${result.series.length} number(s)`);
  return `<svg class="chart chart-number" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${label}">${rows.join('')}</svg>`;
}
