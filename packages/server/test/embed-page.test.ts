import { describe, expect, it } from 'vitest';
import { embedPage } from '../src/http/embed-page/embed-page.js';
import type { EmbedContent, EmbedWidget, SeriesEmbedWidget } from '../src/schemas/embed.js';

const result = (metric: SeriesEmbedWidget['result']['metric'], values: (number | null)[]): SeriesEmbedWidget['result'] => ({
  metric,
  interval: 'day',
  timezone: 'UTC',
  date_range: { start: '2024-05-01', end: `2024-05-0${values.length}` },
  series: [{ event: 'checkout', data: values.map((value, i) => ({ date: `2024-05-0${i + 1}`, value })) }],
});
const page = (widgets: EmbedWidget[]): string => {
  const content: EmbedContent = { kind: 'dashboard', title: 'T', description: null, generated_at: '2024-05-05T00:00:00.000Z', widgets };
  return embedPage(content);
};

describe('the embed page', () => {
  it('breaks a line where a bucket is empty (null) and draws no point there', () => {
    const html = page([{ id: 'a', title: 'A', type: 'area', result: result('avg', [4, null, 6, 8]) }]);
    expect(html.match(/<polyline /g)).toHaveLength(2);
    expect(html.match(/<polygon /g)).toHaveLength(2);
    expect([...html.matchAll(/<circle class="point"[^>]*data-value="([^"]*)"/g)].map((m) => m[1])).toEqual(['4', '6', '8']);
  });

  it('shows an empty bucket as – in a table, and draws no bar for it', () => {
    const html = page([
      { id: 't', title: 'T', type: 'table', result: result('p90', [1.5, null]) },
      { id: 'b', title: 'B', type: 'bar', result: result('p90', [1.5, null]) },
    ]);
    expect(html).toContain('<td class="point" data-value="">–</td>');
    expect(html).toContain('<td class="point" data-value="1.5">1.5</td>');
    expect(html.match(/<rect class="point"/g)).toHaveLength(1);
  });

  it('shows one number per series: the sum over the range for total, the latest bucket with a value for avg', () => {
    const html = page([
      { id: 'n', title: 'N', type: 'number', result: result('total', [1, 2, 3]) },
      { id: 'm', title: 'M', type: 'number', result: result('avg', [5, 7, null]) },
    ]);
    expect(html).toContain('data-value="6">6</text>');
    expect(html).toContain('checkout (total, 2024-05-01 – 2024-05-03)');
    expect(html).toContain('data-value="7">7</text>');
    expect(html).toContain('checkout (avg, 2024-05-02)');
  });

  it('draws a funnel as one bar per step, scaled to step 1, with people and conversion, every event name escaped', () => {
    const step = (index: number, event: string, people: number, fromFirst: number) => ({
      index,
      event,
      people,
      conversion_from_previous: fromFirst,
      conversion_from_first: fromFirst,
      median_seconds_to_convert: null,
    });
    const html = page([
      {
        id: 'f',
        title: 'F',
        type: 'funnel',
        result: {
          date_range: { start: '2024-05-01', end: '2024-05-02' },
          timezone: 'UTC',
          window_seconds: 86_400,
          steps: [step(1, '<b>visit</b>', 200, 1), step(2, 'signup', 50, 0.25)],
        },
      },
    ]);
    const widths = [...html.matchAll(/<rect class="point" x="\d+" y="\d+" width="([\d.]+)"[^>]*data-value="(\d+)"/g)].map((m) => [Number(m[1]), m[2]]);
    expect(widths).toEqual([
      [272, '200'],
      [68, '50'],
    ]);
    expect(html).toContain('50 · 25%');
    expect(html).toContain('1. &lt;b&gt;visit&lt;/b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('draws a retention grid: the average row, then a row per cohort, a period still to come left blank', () => {
    const html = page([
      {
        id: 'r',
        title: 'R',
        type: 'retention',
        result: {
          period: 'week',
          periods: 2,
          date_range: { start: '2024-03-04', end: '2024-03-17' },
          timezone: 'UTC',
          labels: ['Week 0', 'Week 1', 'Week 2'],
          cohorts: [
            { label: '2024-03-04', size: 10, values: [10, 4, 3] },
            { label: '2024-03-11', size: 5, values: [5, 1, null] },
          ],
          average: [1, 1 / 3, 0.3],
        },
      },
    ]);
    expect([...html.matchAll(/<rect class="point"[^>]*data-value="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([10, 4, 3, 5, 1]);
    expect(html).toContain('>33.3%</text>');
    expect(html).toContain('>40%</text>');
    expect(html.match(/<g class="cohort">/g)).toHaveLength(2);
  });
});
