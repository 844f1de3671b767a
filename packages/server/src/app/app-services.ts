import { checkedPlan, DEFAULT_PROJECT_PLAN } from '../limits/operator-plan.js';
import type { NorthstarLogger } from '../ports/logger.js';
import { createSecretBox } from '../secrets/index.js';
import { apiKeyService } from '../services/api-keys/api-key-service.js';
import type { ApiKeyService } from '../services/api-keys/api-key-service.js';
import { documentServices } from '../services/documents/document-services.js';
import type { DocumentServices } from '../services/documents/document-services.js';
import { memberService } from '../services/members/member-service.js';
import type { MemberService } from '../services/members/member-service.js';
import { projectService } from '../services/projects/project-service.js';
import type { ProjectService } from '../services/projects/project-service.js';
import { userService } from '../services/users/user-service.js';
import type { UserService } from '../services/users/user-service.js';
import type { ServedStorage } from '../storage/required-ports.js';
import type { NorthstarAppOptions } from './app-options.js';

/**
 * Every operation of the API as a typed call with no HTTP in it, grouped by concern: what a route does
 * once access control has let the request in, and what a worker calls to do the same.
 */
export interface NorthstarServices {
  /** Projects: an account's list and creation; one project's reading, editing and deletion with its data. */
  projects: ProjectService;
  /** Members of a project and their roles. */
  members: MemberService;
  /** API keys of a project: list, create, rotate, revoke. */
  apiKeys: ApiKeyService;
  /** Tracked users: list, properties, events, GDPR erasure. */
  users: UserService;
  /** Configuration documents, one service per resource kind (`documents.dashboards.list(...)`). */
  documents: DocumentServices;
}

/** What the services are built from: the guarded storage and the app's clock and options. */
export interface ServiceGraphDeps {
  storage: ServedStorage;
  clock: () => number;
  logger: NorthstarLogger;
  options: NorthstarAppOptions;
}

/** Builds the services once, over the guarded ports of the app. */
export function createServices({ storage, clock, options }: ServiceGraphDeps): NorthstarServices {
  const { config } = storage;
  const { secretsKey } = options;
  return {
    projects: projectService({ ports: storage, defaultPlan: checkedPlan(options.defaultPlan ?? DEFAULT_PROJECT_PLAN, 'defaultPlan') }),
    members: memberService({ config, passwordHashCost: options.passwordHashCost }),
    apiKeys: apiKeyService({ config, clock }),
    users: userService(storage),
    documents: documentServices({
      config,
      queryEngine: storage.queryEngine,
      clock,
      allowPrivateWebhookUrls: options.allowPrivateWebhookUrls ?? false,
      secrets: secretsKey === undefined ? undefined : createSecretBox(secretsKey),
    }),
  };
}
