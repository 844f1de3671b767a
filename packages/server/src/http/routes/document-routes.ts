import type { Request, Response } from 'express';
import { z } from 'zod';
import type { SecretKeyScope } from '@northstar/core';
import { pageQuerySchema } from '../../schemas/documents/common.js';
import { pathIdParam, projectIdParam } from '../../schemas/path-params.js';
import type { DocumentResource } from '../../services/documents/document-resource.js';
import type { DocumentService, ShownDocument } from '../../services/documents/document-service.js';
import { resourceSchemas } from '../../services/documents/resource-schemas.js';
import { writeBodySchema } from '../../services/documents/write-body.js';
import type { WriteBody } from '../../services/documents/write-body.js';
import { defineRoute } from './route-definition.js';
import type { RouteDefinition, RouteInput } from './route-definition.js';

/** `:projectId` and the document's `:id`; an id that cannot exist names nothing: 404. */
export function documentPathSchema(noun: string) {
  return z.object({ projectId: projectIdParam, id: pathIdParam((raw) => `No ${noun} ${raw} in this project`) });
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
 * (admin, spec 2.3: write cannot delete), each a call of the resource's service.
 */
export function documentRoutes(service: DocumentService): RouteDefinition[] {
  const { resource } = service;
  const schemas = resourceSchemas(resource);
  const { noun, segment } = resource;
  const collection = `/v1/projects/:projectId/${segment}`;
  const item = `${collection}/:id`;
  const keyConflict = resource.keyOf ? [409] : [];
  const params = documentPathSchema(noun);
  const writeBody = writeBodySchema(resource);
  const update =
    (mode: 'put' | 'patch') =>
    async ({ projectId, params: { id }, body }: RouteInput<{ id: number }, undefined, WriteBody> & { projectId: number }, req: Request, res: Response) => {
      send(res, await service.update(projectId, id, body, req.get('If-Match'), mode));
    };
  return [
    defineRoute({
      ...base(resource, 'read'),
      method: 'get',
      path: collection,
      summary: `List ${segment} (keyset pagination by id)`,
      query: pageQuerySchema,
      responses: { 200: { description: `A page of ${segment}; pass \`next\` as \`after\` for the next one`, schema: schemas.page } },
      handler: async ({ projectId, query }, _req, res) => {
        res.json(await service.list(projectId, query));
      },
    }),
    defineRoute({
      ...base(resource, 'write'),
      method: 'post',
      path: collection,
      summary: `Create a ${noun}`,
      body: { schema: schemas.create, input: writeBody },
      responses: { 201: { description: `The new ${noun} (version 1)`, schema: schemas.created } },
      errors: keyConflict,
      handler: async ({ projectId, body }, req, res) => {
        const shown = await service.create(projectId, body);
        res.set('Location', `${req.originalUrl.split('?')[0] ?? ''}/${Number(shown.body.id)}`);
        send(res, shown, 201);
      },
    }),
    defineRoute({
      ...base(resource, 'read'),
      method: 'get',
      path: item,
      summary: `Get a ${noun}`,
      responses: { 200: { description: `The ${noun}; ETag carries its version`, schema: schemas.response } },
      params,
      errors: [404],
      handler: async ({ projectId, params: { id } }, _req, res) => {
        send(res, await service.get(projectId, id));
      },
    }),
    defineRoute({
      ...base(resource, 'write'),
      method: 'put',
      path: item,
      summary: `Replace a ${noun} (send the version you read, in the body or as If-Match)`,
      params,
      body: { schema: schemas.put, input: writeBody },
      responses: { 200: { description: `The ${noun}, one version later`, schema: schemas.response } },
      errors: [404, 409],
      handler: update('put'),
    }),
    defineRoute({
      ...base(resource, 'write'),
      method: 'patch',
      path: item,
      summary: `Change fields of a ${noun} (null removes an optional field; send the version you read)`,
      params,
      body: { schema: schemas.patch, input: writeBody },
      responses: { 200: { description: `The ${noun}, one version later`, schema: schemas.response } },
      errors: [404, 409],
      handler: update('patch'),
    }),
    defineRoute({
      ...base(resource, 'admin'),
      method: 'delete',
      path: item,
      summary: `Delete a ${noun}${resource.kind === 'webhook' ? ' and its delivery log' : ''}`,
      responses: { 204: { description: 'Deleted' } },
      params,
      errors: [404],
      handler: async ({ projectId, params: { id } }, _req, res) => {
        await service.remove(projectId, id);
        res.status(204).end();
      },
    }),
  ];
}
