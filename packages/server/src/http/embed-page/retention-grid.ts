import type { EmbedWidget } from '../../schemas/embed.js';
import { colourOf, formatValue } from './chart-format.js';
import { escapeHtml } from './escape-html.js';

type RetentionWidget = Extract<EmbedWidget, { type: 'retention' }>;

const COHORT = 84;
const SIZE = 52;
const CELL = 48;
const ROW = 24;

function percent(ratio: number): string {
  return `${formatValue(Math.round(ratio * 1000) / 10)}%`;
}

/** One cell: shaded by the share of the cohort retained, labelled with it; a period still to come is left blank. */
function cell(x: number, y: number, value: number | null, size: number, tip: string): string {
  if (value === null) return '';
  const ratio = size > 0 ? value / size : 0;
  return (
    `<rect class="point" x="${x}" y="${y}" width="${CELL - 2}" height="${ROW - 2}" fill="${colourOf(0)}" fill-opacity="${(0.08 + 0.8 * ratio).toFixed(3)}" data-value="${value}"><title>${escapeHtml(tip)}</title></rect>` +
    `<text class="cell${ratio > 0.55 ? ' dark' : ''}" x="${x + CELL / 2 - 1}" y="${y + ROW / 2}" text-anchor="middle" dominant-baseline="middle">${size > 0 ? percent(ratio) : '–'}</text>`
  );
}

/**
 * A retention grid: one row per cohort (its first day and size), one column per period, each cell the
 * share of the cohort that returned; the first row is the average curve.
 */
export function retentionGrid(widget: RetentionWidget): string {
  const { labels, cohorts, average } = widget.result;
  const width = COHORT + SIZE + CELL * labels.length;
  const height = ROW * (cohorts.length + 2);
  const text = (x: number, y: number, value: string, anchor = 'start') =>
    `<text class="tick" x="${x}" y="${y + ROW / 2}" text-anchor="${anchor}" dominant-baseline="middle">${escapeHtml(value)}</text>`;
  const head = [
    text(0, 0, 'Cohort'),
    text(COHORT + SIZE - 8, 0, 'People', 'end'),
    ...labels.map((label, i) => text(COHORT + SIZE + CELL * i + CELL / 2, 0, label, 'middle')),
  ];
  const averageRow = [
    text(0, ROW, 'Average'),
    ...average.map((ratio, i) =>
      ratio === null
        ? ''
        : `<rect class="average" x="${COHORT + SIZE + CELL * i}" y="${ROW}" width="${CELL - 2}" height="${ROW - 2}" fill="#e5e7eb"/>${text(COHORT + SIZE + CELL * i + CELL / 2 - 1, ROW, percent(ratio), 'middle')}`,
    ),
  ];
  const rows = cohorts.map((cohort, row) => {
    const y = ROW * (row + 2);
    const cells = cohort.values.map((value, i) =>
      cell(COHORT + SIZE + CELL * i, y, value, cohort.size, `${cohort.label}, ${labels[i] ?? ''}: ${formatValue(value ?? 0)} of ${formatValue(cohort.size)}`),
    );
    return `<g class="cohort">${text(0, y, cohort.label)}${text(COHORT + SIZE - 8, y, formatValue(cohort.size), 'end')}${cells.join('')}</g>`;
  });
  const label = escapeHtml(`${widget.title}: retention of ${cohorts.length} cohorts over ${labels.length} periods`);
  return `<div class="scroll"><svg class="chart chart-retention" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${label}">${head.join('')}${averageRow.join('')}${rows.join('')}</svg></div>`;
}
