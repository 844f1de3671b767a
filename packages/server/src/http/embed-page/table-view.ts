import type { SeriesEmbedWidget } from '../../schemas/embed.js';
import { formatValue, seriesLabel } from './chart-format.js';
import { escapeHtml } from './escape-html.js';

/** A table widget: one row per bucket, one column per series (a real `<table>`: readable, selectable, accessible). */
export function tableView(widget: SeriesEmbedWidget): string {
  const { series } = widget.result;
  const head = ['Date', ...series.map(seriesLabel)].map((text) => `<th scope="col">${escapeHtml(text)}</th>`).join('');
  const dates = series[0]?.data.map((point) => point.date) ?? [];
  const rows = dates.map((date, row) => {
    const cells = series.map((one) => {
      const value = one.data[row]?.value ?? null;
      return `<td class="point" data-value="${value ?? ''}">${escapeHtml(formatValue(value))}</td>`;
    });
    return `<tr><th scope="row">${escapeHtml(date)}</th>${cells.join('')}</tr>`;
  });
  return `<div class="table-wrap"><table class="chart chart-table"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}
