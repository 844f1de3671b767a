import type { z } from 'zod';
import type { ConfigStore, DocumentKind, DocumentRecord, JsonObject } from '../../ports/index.js';

/** What a resource's hooks may use while a write is prepared. */
export interface WriteContext {
  config: ConfigStore;
  projectId: number;
  /** Current time, ISO 8601 UTC. */
  now: () => string;
  /** The stored document being replaced; undefined on creation. */
  existing?: DocumentRecord;
}

/**
 * One configuration resource served over a ConfigStore document kind: its schemas and the few hooks
 * that differ between resources. The route factory (http/routes/document-routes.ts) and the service
 * (document-service.ts) do the rest alike for every kind.
 */
export interface DocumentResource {
  kind: DocumentKind;
  /** Path segment under `/v1/projects/:projectId/`, e.g. `dashboards`. */
  segment: string;
  /** Singular noun for summaries and messages, e.g. `dashboard`. */
  noun: string;
  /** OpenAPI tag. */
  tag: string;
  /** Validates a whole document: the creation body, a PUT body, and the merged result of a PATCH. */
  schema: z.ZodType<JsonObject>;
  /**
   * Every writable field, each optional: documents the PATCH body, and its keys are the top-level
   * fields a write may carry (others are refused with 400).
   */
  patchSchema: z.ZodObject;
  /** Fields of responses that are not writable (besides the envelope); ignored when sent back. @default [] */
  readOnlyFields?: readonly string[];
  /** The document key, unique per project (a flag's `key`); null when the kind has none. @default null */
  keyOf?(data: JsonObject): string | null;
  /** Checks a validated document against the project and completes it (server-set fields) before it is stored. */
  prepare?(data: JsonObject, ctx: WriteContext): Promise<JsonObject>;
  /** The response fields of stored data. @default the data as stored */
  present?(data: JsonObject): JsonObject;
  /** Extra response fields of the creation response only (a webhook's full secret). @default none */
  presentCreated?(data: JsonObject): JsonObject;
  /** Fields of `present`'s output beyond the schema's, for the OpenAPI document. @default none */
  responseFields?: z.ZodRawShape;
  /** Fields of `presentCreated`'s output, for the OpenAPI document. @default none */
  createdFields?: z.ZodRawShape;
  /** Fields of the schema not shown in responses (write-only). @default [] */
  writeOnlyFields?: readonly string[];
  /** A valid creation body, the example of the OpenAPI document (PUT adds `version: 1`). @default none */
  example?: JsonObject;
  /** A valid PATCH body of the example, without `version`. @default none */
  patchExample?: JsonObject;
}
