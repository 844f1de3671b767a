import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { HttpMethod, RouteAccess } from '../../access/route-access.js';
import type { RateLimitClass } from '../../limits/rate-limit-class.js';

export type { HttpMethod } from '../../access/route-access.js';
export type { RateLimitClass } from '../../limits/rate-limit-class.js';

/** One documented response of a route. */
export interface ResponseDoc {
  description: string;
  /** Body schema (JSON); absent for bodies that are not JSON or empty responses. */
  schema?: z.ZodType;
  /** Media type of a non-JSON body. @default 'application/json' when `schema` is set */
  contentType?: string;
}

/** How a route reads its body before its handler runs. */
export interface RouteBody {
  schema: z.ZodType;
  /**
   * `json`: the shared reader (application/json or text/plain, size-capped) parses it into `req.body`.
   * `raw`: the handler reads the stream itself (e.g. gzip); `schema` only documents it.
   * @default 'json'
   */
  read?: 'json' | 'raw';
  /** Media types documented for the body. @default ['application/json'] */
  contentTypes?: string[];
}

/**
 * One route of the router: the single source of its path, its access rule, its rate-limit class and
 * its OpenAPI description. The router mounts these, the authorization middleware enforces `access`,
 * the OpenAPI document and the access table in docs/access.md are generated from the same list.
 */
export interface RouteDefinition {
  method: HttpMethod;
  /** Express path with `:params`, e.g. `/v1/projects/:projectId/flags/:id`. */
  path: string;
  summary: string;
  /** OpenAPI tag, e.g. `Ingestion`, `Query`, `Auth`, `Projects`. */
  tag: string;
  access: RouteAccess;
  limit?: RateLimitClass;
  body?: RouteBody;
  /** Query-string schema, validated before the handler (documented as parameters). */
  query?: z.ZodType;
  /** Responses besides the errors; the key is the status. */
  responses: Record<number, ResponseDoc>;
  /** Error statuses the route itself may answer; the ones its access rule implies are added. */
  errors?: readonly number[];
  /** Answers CORS preflight and adds CORS headers (browser-facing ingestion routes). @default false */
  cors?: boolean;
  /** Runs after authentication, authorization, rate limiting and body reading. */
  handler: RequestHandler;
}
