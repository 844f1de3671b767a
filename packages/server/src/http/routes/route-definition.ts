import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Principal, ProjectAccess } from '../../access/principal.js';
import type { EmbedClaims } from '../../auth/embed-token.js';
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
  /** Further media types of the body, chosen by the request's `Accept` (documented as text). @default none */
  alsoContentTypes?: readonly string[];
}

interface RouteBodyCommon<S extends z.ZodType, I extends z.ZodType> {
  /** The body as the OpenAPI document shows it; it also validates the body unless `input` is given. */
  schema: S;
  /**
   * Validates the body when the documented schema cannot (a `/v1/track` body is checked event by event
   * by its fast path; a document write is validated whole only once merged with the stored version).
   * @default schema
   */
  input?: I;
  /** Media types documented for the body. @default ['application/json'] */
  contentTypes?: string[];
  /**
   * Only `application/json` is accepted (415 otherwise, once the body is read, before it is validated):
   * a cross-site form can post text/plain but not JSON.
   * @default false: text/plain (what `sendBeacon` sends for a string) is read as JSON too
   */
  jsonOnly?: boolean;
}

/**
 * How a route reads its body before its input is validated.
 * `json`: the shared reader (application/json or text/plain, size-capped) parses it into `req.body`.
 * `raw`: `decode` reads the stream itself (e.g. gzip) after authentication and rate limiting.
 */
export type RouteBody<S extends z.ZodType = z.ZodType, I extends z.ZodType = S> = RouteBodyCommon<S, I> &
  ({ read?: 'json' } | { read: 'raw'; decode(req: Request): Promise<unknown> });

/** The validated input of a route: `undefined` for a part the route declares no schema for. */
export interface RouteInput<P = unknown, Q = unknown, B = unknown> {
  /** Path parameters, parsed by `params`. */
  params: P;
  /** Query string, parsed by `query`. */
  query: Q;
  /** Body, parsed by `body.input ?? body.schema`. */
  body: B;
}

/**
 * What access control established before the handler, by the route's access rule: the caller, and the
 * project of `project` and `sdk_key` routes (with the caller's standing in it for `project`).
 */
export type AccessInput<A extends RouteAccess> = A extends { kind: 'project' }
  ? { principal: Principal; projectId: number; access: ProjectAccess }
  : A extends { kind: 'sdk_key' }
    ? { principal: Extract<Principal, { kind: 'sdk_key' }>; projectId: number }
    : A extends { kind: 'account' }
      ? { principal: Extract<Principal, { kind: 'account' }> }
      : A extends { kind: 'embed_token' }
        ? { embed: EmbedClaims }
        : object;

/** The access part of any route's input. */
export interface AnyAccessInput {
  principal?: Principal;
  projectId?: number;
  access?: ProjectAccess;
  embed?: EmbedClaims;
}

/**
 * A route's handler: its parsed input and what access control established (`X`, e.g.
 * `AccessInput<{ kind: 'sdk_key' }>`), then Express's request and response.
 */
export type RouteHandlerOf<P = undefined, Q = undefined, B = undefined, X = object> = (
  input: RouteInput<P, Q, B> & X,
  req: Request,
  res: Response,
  next: NextFunction,
) => unknown;

/** The type of an absent schema: its part of the input is `undefined`. */
export type AbsentSchema = z.ZodType<undefined>;

/** The route fields that describe it, besides its input schemas and handler. */
interface RouteDescription {
  method: HttpMethod;
  /** Express path with `:params`, e.g. `/v1/projects/:projectId/flags/:id`. */
  path: string;
  summary: string;
  /** OpenAPI tag, e.g. `Ingestion`, `Query`, `Auth`, `Projects`. */
  tag: string;
  access: RouteAccess;
  limit?: RateLimitClass;
  /** Responses besides the errors; the key is the status. */
  responses: Record<number, ResponseDoc>;
  /** Error statuses the route itself may answer; the ones its access rule implies are added. */
  errors?: readonly number[];
  /** Answers CORS preflight and adds CORS headers (browser-facing ingestion routes). @default false */
  cors?: boolean;
  /**
   * Path parameters are checked after the body (400 before 404), where the route's answers were
   * always in that order.
   * @default false: query, then path parameters, then body
   */
  paramsAfterBody?: boolean;
}

/**
 * One route of the router: the single source of its path, its access rule, its rate-limit class, its
 * input schemas and its OpenAPI description. The router mounts these, the authorization middleware
 * enforces `access`, one step validates `params`, `query` and `body` into the handler's input, and the
 * OpenAPI document and the access table in docs/access.md are generated from the same list.
 * Written with `defineRoute`, which types the handler's input from the schemas.
 */
export interface RouteDefinition extends RouteDescription {
  /**
   * Path parameters: a failure is a 404 whose message is the schema's (an id that cannot exist names
   * nothing). The OpenAPI document derives them from `path`.
   */
  params?: z.ZodType;
  /** Query-string schema, validated before the handler (documented as parameters); a failure is a 400. */
  query?: z.ZodType;
  body?: RouteBody<z.ZodType, z.ZodType>;
  /**
   * Runs after authentication, authorization, rate limiting, body reading and input validation.
   * (A method, so that a route typed by `defineRoute` is one of these.)
   */
  handler(input: RouteInput & AnyAccessInput, req: Request, res: Response, next: NextFunction): unknown;
}

/** A route whose handler's input is typed by its schemas (`I`: the body's validating schema). */
export interface TypedRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  S extends z.ZodType,
  I extends z.ZodType,
  A extends RouteAccess,
> extends RouteDescription {
  access: A;
  params?: P;
  query?: Q;
  body?: RouteBody<S, I>;
  /** Runs after authentication, authorization, rate limiting, body reading and input validation. */
  handler: NoInfer<RouteHandlerOf<z.output<P>, z.output<Q>, z.output<I>, AccessInput<A>>>;
}

/**
 * A route, its handler's input inferred from its schemas: `params`, `query` and `body` are validated
 * by one step of its chain (after access and rate limiting) and handed over parsed, so nothing further
 * down re-parses `unknown` (hono's zod-openapi `createRoute` + `c.req.valid()`); the caller and the
 * project come typed by the access rule (`AccessInput`).
 */
export function defineRoute<
  A extends RouteAccess,
  P extends z.ZodType = AbsentSchema,
  Q extends z.ZodType = AbsentSchema,
  S extends z.ZodType = AbsentSchema,
  I extends z.ZodType = S,
>(route: TypedRoute<P, Q, S, I, A>): RouteDefinition {
  return route;
}

/** The handler of a route that declares no input: an Express handler, run as the route's last step. */
export function withoutInput(handler: RequestHandler): RouteHandlerOf {
  return (_input, req, res, next) => handler(req, res, next);
}
