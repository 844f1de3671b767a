import type { Request, Response } from 'express';
import type { SecretKeyScope } from '@northstar/core';
import { authorizedProjectId } from '../../access/principal.js';
import { NotFoundError } from '../../errors/index.js';
import { pageQuerySchema } from '../../schemas/documents/common.js';
import type { PageQuery } from '../../schemas/documents/common.js';
import type { DocumentResource } from '../../services/documents/document-resource.js';
import { documentService } from '../../services/documents/document-service.js';
import type { ShownDocument } from '../../services/documents/document-service.js';
import { resourceSchemas } from '../../services/documents/resource-schemas.js';
import type { ServerContext } from '../server-context.js';
import type { RouteDefinition } from './route-definition.js';

const MAX_ID = 2 ** 31 - 1;

/** The `:id` of a path; an id that cannot exist names nothing: 404. */
export function documentId(raw: unknown, noun: string): number {
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_ID)) throw new NotFoundError(`No ${noun} ${String(raw)} in this project`);
  return id;
}

/** Answers a resource with its version as a strong ETag (`"3"`), usable as `If-Match`. */
function send(res: Response, shown: ShownDocument, status = 200): void {
  res.status(status).set('ETag', `"${shown.version}"`).json(shown.body);
}

/** Common parts of a route of this resource: tag, access by scope, the `api` rate-limit class. */
function base(resource: DocumentResource, scope: SecretKeyScope) {
  return { tag: resource.tag, access: { kind: 'project', scope }, limit: 'api' } as const;
}

/**
 * The five routes of a document resource under `/v1/projects/:projectId/<segment>`: list (read),
 * create (write), get (read), replace and patch (write, optimistic: 409 on a stale version), delete
 * (admin, spec 2.3: write cannot delete).
 */
export function documentRoutes(ctx: ServerContext, resource: DocumentResource): RouteDefinition[] {
  const service = documentService(resource, { config: ctx.storage.config, clock: ctx.clock });
  const schemas = resourceSchemas(resource);
  const { noun, segment } = resource;
  const collection = `/v1/projects/:projectId/${segment}`;
  const item = `${collection}/:id`;
  const keyConflict = resource.keyOf ? [409] : [];
  const update = (mode: 'put' | 'patch') => async (req: Request, res: Response) => {
    const id = documentId(req.params.id, noun);
    send(res, await service.update(authorizedProjectId(res.locals), id, req.body, req.get('If-Match'), mode));
  };
  return [
    {
      ...base(resource, 'read'),
      method: 'get',
      path: collection,
      summary: `List ${segment} (keyset pagination by id)`,
      query: pageQuerySchema,
      responses: { 200: { description: `A page of ${segment}; pass \`next\` as \`after\` for the next one`, schema: schemas.page } },
      handler: async (_req, res) => {
        res.json(await service.list(authorizedProjectId(res.locals), res.locals.query as PageQuery));
      },
    },
    {
      ...base(resource, 'write'),
      method: 'post',
      path: collection,
      summary: `Create a ${noun}`,
      body: { schema: schemas.create },
      responses: { 201: { description: `The new ${noun} (version 1)`, schema: schemas.created } },
      errors: keyConflict,
      handler: async (req, res) => {
        const shown = await service.create(authorizedProjectId(res.locals), req.body);
        res.set('Location', `${req.originalUrl.split('?')[0] ?? ''}/${Number(shown.body.id)}`);
        send(res, shown, 201);
      },
    },
    {
      ...base(resource, 'read'),
      method: 'get',
      path: item,
      summary: `Get a ${noun}`,
      responses: { 200: { description: `The ${noun}; ETag carries its version`, schema: schemas.response } },
      errors: [404],
      handler: async (req, res) => {
        send(res, await service.get(authorizedProjectId(res.locals), documentId(req.params.id, noun)));
      },
    },
    {
      ...base(resource, 'write'),
      method: 'put',
      path: item,
      summary: `Replace a ${noun} (send the version you read, in the body or as If-Match)`,
      body: { schema: schemas.put },
      responses: { 200: { description: `The ${noun}, one version later`, schema: schemas.response } },
      errors: [404, 409],
      handler: update('put'),
    },
    {
      ...base(resource, 'write'),
      method: 'patch',
      path: item,
      summary: `Change fields of a ${noun} (null removes an optional field; send the version you read)`,
      body: { schema: schemas.patch },
      responses: { 200: { description: `The ${noun}, one version later`, schema: schemas.response } },
      errors: [404, 409],
      handler: update('patch'),
    },
    {
      ...base(resource, 'admin'),
      method: 'delete',
      path: item,
      summary: `Delete a ${noun}${resource.kind === 'webhook' ? ' and its delivery log' : ''}`,
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async (req, res) => {
        await service.remove(authorizedProjectId(res.locals), documentId(req.params.id, noun));
        res.status(204).end();
      },
    },
  ];
}
