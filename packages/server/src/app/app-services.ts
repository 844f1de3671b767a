import type { NorthstarLogger } from '../ports/logger.js';
import { createSecretBox } from '../secrets/index.js';
import { documentServices } from '../services/documents/document-services.js';
import type { DocumentServices } from '../services/documents/document-services.js';
import type { ServedStorage } from '../storage/required-ports.js';
import type { NorthstarAppOptions } from './app-options.js';

/**
 * Every operation of the API as a typed call with no HTTP in it, grouped by concern: what a route does
 * once access control has let the request in, and what a worker calls to do the same.
 */
export interface NorthstarServices {
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
  const { secretsKey } = options;
  return {
    documents: documentServices({
      config: storage.config,
      queryEngine: storage.queryEngine,
      clock,
      allowPrivateWebhookUrls: options.allowPrivateWebhookUrls ?? false,
      secrets: secretsKey === undefined ? undefined : createSecretBox(secretsKey),
    }),
  };
}
