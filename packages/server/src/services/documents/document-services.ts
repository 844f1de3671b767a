import type { ConfigStore, QueryEngine } from '../../ports/index.js';
import type { PageQuery } from '../../schemas/documents/common.js';
import type { SurveyResponsesQuery } from '../../schemas/documents/survey-responses.js';
import type { SurveyResultsBody } from '../../schemas/survey-results.js';
import { surveyResults } from '../surveys/survey-results.js';
import type { SecretBox } from '../../secrets/index.js';
import type { EventPage } from '../users/event-page.js';
import { alertResource } from './alert-resource.js';
import { documentService } from './document-service.js';
import type { DocumentPage, DocumentService } from './document-service.js';
import { experimentResource } from './experiment-resource.js';
import { dashboardResource, flagResource, guideResource, segmentResource, surveyResource } from './simple-resources.js';
import { listSurveyResponses, listWebhookDeliveries } from './sub-resources.js';
import type { ShownSurveyResponse } from './sub-resources.js';
import { webhookResource } from './webhook-resource.js';
import type { AllowedNetworks } from '../../webhooks/allowed-networks.js';
import type { ResolveHost } from '../../webhooks/ssrf-url.js';

/** Surveys, and the responses of one. */
export interface SurveyService extends DocumentService {
  /** A survey's responses, newest first (from its `$survey_sent` events); 404 for a survey not in the project. */
  responses(projectId: number, id: number, page: SurveyResponsesQuery): Promise<EventPage<ShownSurveyResponse>>;
  /** A survey's results: per question, people per answer, NPS, CSAT average, shares, with intervals; 404 for a survey not in the project. */
  results(projectId: number, id: number): Promise<SurveyResultsBody>;
}

/** Webhooks, and the delivery log of one. */
export interface WebhookService extends DocumentService {
  /** A webhook's delivery attempts, oldest first; 404 for a webhook not in the project. */
  deliveries(projectId: number, id: number, page: PageQuery): Promise<DocumentPage>;
}

/** The configuration documents of a project, one service per resource kind. */
export interface DocumentServices {
  dashboards: DocumentService;
  segments: DocumentService;
  alerts: DocumentService;
  experiments: DocumentService;
  flags: DocumentService;
  guides: DocumentService;
  surveys: SurveyService;
  webhooks: WebhookService;
}

export interface DocumentServicesDeps {
  config: ConfigStore;
  /** Reads a survey's responses and results. */
  queryEngine: QueryEngine;
  /** Epoch ms. */
  clock: () => number;
  /** Webhook targets on private addresses are accepted (tests, on-premises). */
  allowPrivateWebhookUrls: boolean;
  /** Encrypts webhook secrets; without it, webhook writes are refused (503). */
  secrets: SecretBox | undefined;
  /** Networks webhook targets may be in despite the deny list (`webhookAllowedNetworks`). @default none */
  allowedWebhookNetworks?: AllowedNetworks;
  /** Resolves webhook hosts (`webhookResolver`). @default the system resolver */
  resolveWebhookHost?: ResolveHost;
}

/** Builds the document services of every resource kind over one config store. */
export function documentServices(deps: DocumentServicesDeps): DocumentServices {
  const { config, queryEngine } = deps;
  const serve = (resource: DocumentService['resource']) => documentService(resource, deps);
  const surveys = serve(surveyResource);
  const webhooks = serve(
    webhookResource({ allowPrivate: deps.allowPrivateWebhookUrls, allowed: deps.allowedWebhookNetworks, resolve: deps.resolveWebhookHost }, deps.secrets),
  );
  return {
    dashboards: serve(dashboardResource),
    segments: serve(segmentResource),
    alerts: serve(alertResource),
    experiments: serve(experimentResource),
    flags: serve(flagResource),
    guides: serve(guideResource),
    surveys: {
      ...surveys,
      responses: async (projectId, id, page) => listSurveyResponses(queryEngine, await surveys.load(projectId, id), page),
      results: async (projectId, id) => surveyResults(queryEngine, await surveys.load(projectId, id)),
    },
    webhooks: { ...webhooks, deliveries: async (projectId, id, page) => listWebhookDeliveries(config, await webhooks.load(projectId, id), page) },
  };
}
