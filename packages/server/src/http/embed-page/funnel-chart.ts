import type { EmbedWidget } from '../../schemas/embed.js';
import { colourOf, formatValue, px } from './chart-format.js';
import { escapeHtml } from './escape-html.js';

type FunnelWidget = Extract<EmbedWidget, { type: 'funnel' }>;
type Step = FunnelWidget['result']['steps'][number];

const WIDTH = 400;
const LABEL = 120;
const ROW = 34;
const BAR = 22;

function percent(ratio: number | null): string {
  return ratio === null ? '–' : `${formatValue(Math.round(ratio * 1000) / 10)}%`;
}

function stepRow(step: Step, index: number, first: number): string {
  const top = index * ROW + 4;
  const room = WIDTH - LABEL - 8;
  const width = first > 0 ? (room * step.people) / first : 0;
  const caption = `${formatValue(step.people)} · ${percent(step.conversion_from_first)}`;
  const tip = `${step.index}. ${step.event}: ${formatValue(step.people)} people, ${percent(step.conversion_from_previous)} of the previous step, ${percent(step.conversion_from_first)} of the first`;
  return (
    `<text class="step" x="${LABEL - 6}" y="${top + BAR / 2}" text-anchor="end" dominant-baseline="middle">${escapeHtml(`${step.index}. ${step.event}`)}</text>` +
    `<rect x="${LABEL}" y="${top}" width="${px(WIDTH - LABEL - 8)}" height="${BAR}" fill="#f3f4f6"/>` +
    `<rect class="point" x="${LABEL}" y="${top}" width="${px(width)}" height="${BAR}" fill="${colourOf(0)}" data-value="${step.people}"><title>${escapeHtml(tip)}</title></rect>` +
    // Inside a bar long enough to hold it (light on the bar's colour), else just after the bar.
    `<text class="${width >= 90 ? 'caption inverse' : 'caption'}" x="${px(width >= 90 ? LABEL + 6 : LABEL + width + 6)}" y="${top + BAR / 2}" dominant-baseline="middle">${escapeHtml(caption)}</text>`
  );
}

/**
 * A funnel: one bar per step, its length the step's people relative to step 1, captioned with the
 * people and the conversion from step 1 (a grouped funnel is drawn as its overall steps).
 */
export function funnelChart(widget: FunnelWidget): string {
  const { steps } = widget.result;
  const first = steps[0]?.people ?? 0;
  const height = Math.max(steps.length, 1) * ROW + 4;
  const label = escapeHtml(`${widget.title}: funnel of ${steps.length} steps`);
  return `<svg class="chart chart-funnel" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${label}">${steps.map((step, index) => stepRow(step, index, first)).join('')}</svg>`;
}
