import type { ConfigStore, DocumentRecord, JsonObject, QueryEngine, StoredEvent } from '../../ports/index.js';
import { SURVEY_EVENTS, SURVEY_ID_PROPERTY, SURVEY_QUESTION_PROPERTY, surveyResponseOf } from '../../schemas/index.js';
import type { PageQuery } from '../../schemas/documents/common.js';
import type { SurveyResponsesQuery } from '../../schemas/documents/survey-responses.js';
import { listEventPage, showEvent } from '../users/event-page.js';
import type { EventPage, ShownEvent } from '../users/event-page.js';
import type { DocumentPage } from './document-service.js';

/** A `$survey_sent` event with its answer: a number for nps and csat, else a string; null when absent. */
export interface ShownSurveyResponse extends ShownEvent {
  response: string | number | null;
}

function showResponse(event: StoredEvent): ShownSurveyResponse {
  return { ...showEvent(event), response: surveyResponseOf(event) ?? null };
}

/** Answers of a survey (already found in the project), newest first, from its `$survey_sent` events; of one question with `question`. */
export function listSurveyResponses(engine: QueryEngine, survey: DocumentRecord, page: SurveyResponsesQuery): Promise<EventPage<ShownSurveyResponse>> {
  const { question, ...cursor } = page;
  const query = {
    projectId: survey.project_id,
    events: [SURVEY_EVENTS.sent],
    strEquals: { [SURVEY_ID_PROPERTY]: String(survey.id) },
    ...(question !== undefined && { filters: [{ property: SURVEY_QUESTION_PROPERTY, op: 'eq' as const, value: question }] }),
  };
  return listEventPage(engine, query, cursor, showResponse);
}

/** The delivery log of a webhook (already found in the project), oldest first: `webhook_delivery` documents whose parent it is. */
export async function listWebhookDeliveries(config: ConfigStore, webhook: DocumentRecord, page: PageQuery): Promise<DocumentPage> {
  const result = await config.listDocuments({
    projectId: webhook.project_id,
    kind: 'webhook_delivery',
    parentId: webhook.id,
    after: page.after,
    limit: page.limit,
  });
  const items = result.items.map((record): JsonObject => ({
    ...record.data,
    id: record.id,
    project_id: record.project_id,
    webhook_id: webhook.id,
    version: record.version,
    created_at: record.created_at,
    updated_at: record.updated_at,
  }));
  return { items, next: result.next };
}
