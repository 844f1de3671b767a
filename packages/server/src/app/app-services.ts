import type { AccessTokenService } from '../auth/access-token.js';
import type { EmbedTokenService } from '../auth/embed-token.js';
import type { LoginProtection } from '../auth/login-protection.js';
import { checkedPlan, DEFAULT_PROJECT_PLAN } from '../limits/operator-plan.js';
import { LIMITS } from '../schemas/limits.js';
import { createSecretBox } from '../secrets/index.js';
import { alertService } from '../services/alerts/alert-service.js';
import type { AlertService } from '../services/alerts/alert-service.js';
import { apiKeyService } from '../services/api-keys/api-key-service.js';
import type { ApiKeyService } from '../services/api-keys/api-key-service.js';
import { authService } from '../services/auth/auth-service.js';
import type { AuthService } from '../services/auth/auth-service.js';
import { decideService } from '../services/decide/decide-guides-and-surveys.js';
import type { DecideService } from '../services/decide/decide-guides-and-surveys.js';
import { documentServices } from '../services/documents/document-services.js';
import type { DocumentServices } from '../services/documents/document-services.js';
import { embedService } from '../services/embeds/embed-service.js';
import type { EmbedService } from '../services/embeds/embed-service.js';
import { eventStreamService } from '../services/events/event-stream.js';
import { experimentService } from '../services/experiments/experiment-service.js';
import type { ExperimentService } from '../services/experiments/experiment-service.js';
import type { EventStreamService } from '../services/events/event-stream.js';
import { flagsService } from '../services/flags/flags-service.js';
import type { FlagsService } from '../services/flags/flags-service.js';
import { identifyService } from '../services/identify-service.js';
import type { IdentifyService } from '../services/identify-service.js';
import { memberService } from '../services/members/member-service.js';
import type { MemberService } from '../services/members/member-service.js';
import { projectService } from '../services/projects/project-service.js';
import type { ProjectService } from '../services/projects/project-service.js';
import { DEFAULT_QUERY_TIMEOUT_MS, queryService } from '../services/query-service.js';
import { heatmapService } from '../services/heatmap-service.js';
import type { HeatmapService } from '../services/heatmap-service.js';
import { segmentFiltersFrom } from '../services/segment-filters.js';
import type { QueryService } from '../services/query-service.js';
import { replayService } from '../services/replay/store-replay-chunks.js';
import type { ReplayService } from '../services/replay/store-replay-chunks.js';
import { trackingService } from '../services/track-service.js';
import type { CommitEvents, TrackingService } from '../services/track-service.js';
import { userService } from '../services/users/user-service.js';
import type { UserService } from '../services/users/user-service.js';
import type { WebhookEventSink } from '../services/webhook-event-sink.js';
import type { ServedStorage } from '../storage/required-ports.js';
import { allowedNetworks } from '../webhooks/allowed-networks.js';
import { webhookActions } from '../services/webhooks/webhook-actions.js';
import type { WebhookActions } from '../services/webhooks/webhook-actions.js';
import type { NorthstarAppOptions } from './app-options.js';

/**
 * Every operation of the API as a typed call with no HTTP in it, grouped by concern: what a route does
 * once access control has let the request in, and what a worker calls to do the same. Each call trusts
 * its caller for access (the router checks the route's access rule first).
 */
export interface NorthstarServices {
  /** `/v1/track`: events validated by the fast path and group-committed. */
  tracking: TrackingService;
  /** `/v1/identify`: device→user links, user properties and `$identify`. */
  identify: IdentifyService;
  /** Session replay: chunks stored, sessions listed, one session and its chunks read back. */
  replay: ReplayService;
  /** Guides and surveys to render for a person on a page. */
  decide: DecideService;
  /** Feature flags evaluated for a person. */
  flags: FlagsService;
  /** Analytical queries, run inside the query engine. */
  queries: QueryService;
  /** Heatmaps of pages, read from the query engine's heatmap rollups. */
  heatmaps: HeatmapService;
  /** Sessions of accounts: login, refresh, logout, the signed-in account. */
  auth: AuthService;
  /** Projects: an account's list and creation; one project's reading, editing and deletion with its data. */
  projects: ProjectService;
  /** Members of a project and their roles. */
  members: MemberService;
  /** API keys of a project: list, create, rotate, revoke. */
  apiKeys: ApiKeyService;
  /** Tracked users: list, properties, events, GDPR erasure. */
  users: UserService;
  /** The raw event stream, for debugging an installation. */
  events: EventStreamService;
  /** Configuration documents, one service per resource kind (`documents.dashboards.list(...)`). */
  documents: DocumentServices;
  /** Embed tokens of dashboards and widgets, and the data a token opens (`GET /v1/embed/:token`). */
  embeds: EmbedService;
  /** Alert evaluation (by the worker) and history. */
  alerts: AlertService;
  /** Experiment results, and their evaluation by the worker. */
  experiments: ExperimentService;
  /** Webhook actions: a test event, replaying a delivery, rotating the secret (docs/webhooks.md). */
  webhooks: WebhookActions;
}

/** What the services are built from: the guarded storage, the group commit, authentication, the app's options. */
export interface ServiceGraphDeps {
  storage: ServedStorage;
  /** The app's group commit (through the storage guard). */
  commit: CommitEvents;
  accessTokens: AccessTokenService;
  embedTokens: EmbedTokenService;
  loginProtection: LoginProtection;
  /** Epoch ms. */
  clock: () => number;
  options: NorthstarAppOptions;
  /** Where alerts and experiments send their webhook events. */
  webhookEvents: WebhookEventSink;
}

/** Builds the services once, over the guarded ports of the app. */
export function createServices({
  storage,
  commit,
  accessTokens,
  embedTokens,
  loginProtection,
  clock,
  options,
  webhookEvents,
}: ServiceGraphDeps): NorthstarServices {
  const { config } = storage;
  // One instance for the query routes and the embeds: the same rules, `segment_id` resolved alike.
  const queries = queryService(storage.queryEngine, clock, segmentFiltersFrom(config), options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS);
  const { secretsKey, passwordHashCost } = options;
  const secrets = secretsKey === undefined ? undefined : createSecretBox(secretsKey);
  const bounds = { maxAgeMs: options.maxEventAgeMs ?? LIMITS.maxEventAgeMs, maxAheadMs: options.maxEventAheadMs ?? LIMITS.maxEventAheadMs };
  return {
    tracking: trackingService({ commit, clock, maxBatchSize: options.maxBatchSize ?? LIMITS.maxBatchSize, bounds }),
    identify: identifyService({ people: storage.people, commit }, clock),
    replay: replayService(storage.replays, storage.queryEngine),
    decide: decideService(storage),
    flags: flagsService(storage),
    queries,
    heatmaps: heatmapService(storage.queryEngine),
    auth: authService({ config, accessTokens, loginProtection, passwordHashCost, clock }),
    projects: projectService({ ports: storage, defaultPlan: checkedPlan(options.defaultPlan ?? DEFAULT_PROJECT_PLAN, 'defaultPlan') }),
    members: memberService({ config, passwordHashCost }),
    apiKeys: apiKeyService({ config, clock }),
    users: userService(storage),
    events: eventStreamService(storage.queryEngine),
    documents: documentServices({
      config,
      queryEngine: storage.queryEngine,
      clock,
      allowPrivateWebhookUrls: options.allowPrivateWebhookUrls ?? false,
      secrets,
      allowedWebhookNetworks: allowedNetworks(options.webhookAllowedNetworks),
      resolveWebhookHost: options.webhookResolver,
    }),
    embeds: embedService({ config, queries, embedTokens, clock }),
    alerts: alertService({ config, queryEngine: storage.queryEngine, clock, webhooks: webhookEvents }),
    experiments: experimentService({ config, queryEngine: storage.queryEngine, clock, webhooks: webhookEvents }),
    webhooks: webhookActions({ config, jobs: storage.jobs, secrets, clock }),
  };
}
