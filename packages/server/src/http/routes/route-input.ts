import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { accessLocals } from '../../access/principal.js';
import { parseBody as parseInput } from '../../auth/request-input.js';
import { NotFoundError, UnsupportedMediaTypeError } from '../../errors/index.js';
import type { AnyAccessInput, RouteDefinition, RouteInput } from './route-definition.js';

/** Path parameters parsed by `schema`; a failure names nothing that exists: 404 with the schema's message. */
function parseParams(schema: z.ZodType, req: Request): unknown {
  const parsed = schema.safeParse(req.params);
  if (!parsed.success) throw new NotFoundError(parsed.error.issues[0]?.message ?? 'Not found');
  return parsed.data;
}

/** The body of `route`, validated: `value` is `req.body` for JSON routes, what `decode` read for raw ones. */
function parseRouteBody(route: RouteDefinition, req: Request, value: unknown): unknown {
  const { body } = route;
  if (!body) return undefined;
  if (body.jsonOnly && !req.is('application/json')) throw new UnsupportedMediaTypeError('Content-Type must be application/json');
  return parseInput(body.input ?? body.schema, value);
}

/**
 * The validated input of a request: query (400), path parameters (404), body (400), in that order
 * (path parameters last with `paramsAfterBody`). `body` is `req.body`, or the decoded raw body.
 */
function routeInput(route: RouteDefinition, req: Request, body: unknown): RouteInput {
  const query: unknown = route.query ? parseInput(route.query, req.query) : undefined;
  const { params } = route;
  if (!params) return { params: undefined, query, body: parseRouteBody(route, req, body) };
  if (route.paramsAfterBody) {
    const parsedBody = parseRouteBody(route, req, body);
    return { params: parseParams(params, req), query, body: parsedBody };
  }
  const parsedParams = parseParams(params, req);
  return { params: parsedParams, query, body: parseRouteBody(route, req, body) };
}

/** What authentication and authorization left in `res.locals`, as the route's access rule promises it. */
function accessInput(route: RouteDefinition, res: Response): AnyAccessInput {
  const { kind } = route.access;
  if (kind === 'public') return {};
  const { principal, projectId, access, embed } = accessLocals(res.locals);
  if (kind === 'embed_token') {
    if (!embed) throw new Error('Route reached its handler without an embed token');
    return { embed };
  }
  if ((kind === 'project' || kind === 'sdk_key') && projectId === undefined) throw new Error('Route reached its handler without authorization');
  if (kind === 'project' && !access) throw new Error('Route reached its handler without project authorization');
  return { principal, projectId, access };
}

/**
 * The last step of a route's chain: validates its input with the route's schemas (a raw body is read
 * and decoded first), then runs its handler with the parsed input and what access control established.
 * Synchronous for JSON bodies.
 */
export function routeHandler(route: RouteDefinition): RequestHandler {
  const { body } = route;
  if (body?.read === 'raw') {
    return (req, res, next) =>
      body.decode(req).then((decoded) => route.handler({ ...routeInput(route, req, decoded), ...accessInput(route, res) }, req, res, next));
  }
  return (req, res, next) => route.handler({ ...routeInput(route, req, req.body), ...accessInput(route, res) }, req, res, next);
}
