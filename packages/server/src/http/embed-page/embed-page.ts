import { createHash } from 'node:crypto';
import type { EmbedContent, EmbedWidget, SeriesEmbedWidget } from '../../schemas/embed.js';
import { colourOf, seriesLabel } from './chart-format.js';
import { escapeHtml } from './escape-html.js';
import { funnelChart } from './funnel-chart.js';
import { numberChart } from './number-chart.js';
import { retentionGrid } from './retention-grid.js';
import { seriesChart } from './series-chart.js';
import { tableView } from './table-view.js';

/** The page's one style sheet, inline and allowed by its hash (no `unsafe-inline`, no nonce to generate). */
export const EMBED_STYLE = `body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1f2937;background:#fff}
main{padding:12px 16px}h1{font-size:1.2rem;margin:0 0 4px}p.description{margin:0 0 8px;color:#4b5563}
.widgets{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(320px,1fr))}
figure{margin:0;padding:8px 12px;border:1px solid #e5e7eb;border-radius:6px;min-width:0}
figcaption{font-weight:600;margin-bottom:6px}svg.chart{display:block;width:100%;height:auto}
.tick{font-size:11px;fill:#6b7280}.number{font-size:36px;font-weight:700}.caption{font-size:13px;fill:#4b5563}
ul.legend{list-style:none;margin:6px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px;font-size:12px;color:#374151}
ul.legend svg{vertical-align:middle;margin-right:4px}.table-wrap{max-height:320px;overflow:auto}.scroll{overflow:auto}
svg.chart.chart-retention{width:auto;max-width:none}.cell{font-size:11px;fill:#111827}.cell.dark,.caption.inverse{fill:#fff}.step{font-size:12px;fill:#374151}
table{border-collapse:collapse;font-size:12px;width:100%}th,td{padding:2px 8px;text-align:right;border-bottom:1px solid #f3f4f6}
th[scope=row],thead th:first-child{text-align:left;font-weight:400;color:#4b5563}footer{margin-top:10px;font-size:11px;color:#9ca3af}`;

const STYLE_HASH = createHash('sha256').update(EMBED_STYLE).digest('base64');

/**
 * CSP of the embed page: nothing may load or run (no script at all; images only as `data:`), the one
 * inline style sheet by its hash, and any site may frame it (`frame-ancestors *`): the token in the
 * URL, not the framing origin, is what grants access.
 */
export const EMBED_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors *`;

function legend(widget: SeriesEmbedWidget): string {
  if (widget.type === 'table' || widget.result.series.length < 2) return '';
  const items = widget.result.series.map(
    (series, index) =>
      `<li><svg width="10" height="10" aria-hidden="true"><rect width="10" height="10" fill="${colourOf(index)}"/></svg>${escapeHtml(seriesLabel(series))}</li>`,
  );
  return `<ul class="legend">${items.join('')}</ul>`;
}

function chartOf(widget: EmbedWidget): string {
  switch (widget.type) {
    case 'line':
    case 'area':
    case 'bar':
      return seriesChart(widget, widget.type);
    case 'number':
      return numberChart(widget);
    case 'table':
      return tableView(widget);
    case 'funnel':
      return funnelChart(widget);
    case 'retention':
      return retentionGrid(widget);
  }
}

function figure(widget: EmbedWidget): string {
  return `<figure class="widget widget-${widget.type}" data-widget-id="${escapeHtml(widget.id)}"><figcaption>${escapeHtml(widget.title)}</figcaption>${chartOf(widget)}${widget.type === 'funnel' || widget.type === 'retention' ? '' : legend(widget)}</figure>`;
}

/** The self-contained HTML page of an embed answer: markup, inline SVG and one inline style sheet; no script. */
export function embedPage(content: EmbedContent): string {
  const description = content.description ? `<p class="description">${escapeHtml(content.description)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(content.title)}</title>
<style>${EMBED_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.title)}</h1>${description}
<section class="widgets">${content.widgets.map(figure).join('\n')}</section>
<footer>Data of ${escapeHtml(content.generated_at)}</footer>
</main>
</body>
</html>
`;
}
