import type { DashboardWidget } from '../../schemas/documents/dashboard.js';
import type { EmbedWidget } from '../../schemas/embed.js';
import type { QueryService } from '../query-service.js';

export type { DashboardWidget } from '../../schemas/documents/dashboard.js';

/** Saved queries of one embed answer run at most this many at a time (a dashboard holds up to 50). */
const CONCURRENT_QUERIES = 4;

/** One widget's data: its saved query run through the query service, on the dashboard's project. */
export async function widgetResult(queries: QueryService, projectId: number, widget: DashboardWidget): Promise<EmbedWidget> {
  const { id, title } = widget;
  switch (widget.type) {
    case 'funnel':
      return { id, title, type: widget.type, result: await queries.funnels({ ...widget.query, project_id: projectId }) };
    case 'retention':
      return { id, title, type: widget.type, result: await queries.retention({ ...widget.query, project_id: projectId }) };
    default:
      return { id, title, type: widget.type, result: await queries.events({ ...widget.query, project_id: projectId }) };
  }
}

/** The data of `widgets`, in their order, with at most `CONCURRENT_QUERIES` queries in flight. */
export async function widgetResults(queries: QueryService, projectId: number, widgets: readonly DashboardWidget[]): Promise<EmbedWidget[]> {
  const results: EmbedWidget[] = new Array<EmbedWidget>(widgets.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < widgets.length) {
      const index = next++;
      results[index] = await widgetResult(queries, projectId, widgets[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_QUERIES, widgets.length) }, worker));
  return results;
}
