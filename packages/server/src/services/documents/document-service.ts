import type { z } from 'zod';
import { BadRequestError, ConflictError, NotFoundError, VersionConflictError } from '../../errors/index.js';
import type { ConfigStore, DocumentRecord, DocumentRef, JsonObject, JsonValue } from '../../ports/index.js';
import { describeIssues, patchDocumentData } from '../../schemas/index.js';
import type { PageQuery } from '../../schemas/documents/common.js';
import type { DocumentResource, WriteContext } from './document-resource.js';
import { expectedVersion } from './write-body.js';
import type { WriteBody } from './write-body.js';

/** A resource as answered, with its version for the `ETag` header. */
export interface ShownDocument {
  body: JsonObject;
  version: number;
}

export interface DocumentPage {
  items: JsonObject[];
  next: number | null;
}

export interface DocumentServiceDeps {
  config: ConfigStore;
  /** Epoch ms. */
  clock: () => number;
}

function without(data: JsonObject, fields: readonly string[] | undefined): JsonObject {
  if (!fields?.length) return data;
  return Object.fromEntries<JsonValue>(Object.entries(data).filter(([name]) => !fields.includes(name)));
}

function only(data: JsonObject, fields: readonly string[] | undefined): JsonObject {
  return Object.fromEntries<JsonValue>(Object.entries(data).filter(([name]) => fields?.includes(name)));
}

/** `{ id, project_id, ...fields, version, created_at, updated_at }`: the envelope wins over any field of the same name. */
export function presentDocument(resource: DocumentResource, record: DocumentRecord): JsonObject {
  const shown = without(resource.present ? resource.present(record.data) : record.data, resource.writeOnlyFields);
  return { id: record.id, project_id: record.project_id, ...shown, version: record.version, created_at: record.created_at, updated_at: record.updated_at };
}

/** Create, read, list, update and delete of one resource kind, for a caller already authorized on the project. */
export function documentService(resource: DocumentResource, deps: DocumentServiceDeps) {
  const { config } = deps;
  const { kind, noun } = resource;
  const now = () => new Date(deps.clock()).toISOString();
  const notFound = (id: number) => new NotFoundError(`No ${noun} ${id} in this project`);

  function validated(result: z.ZodSafeParseResult<JsonObject>): JsonObject {
    if (!result.success) throw new BadRequestError(describeIssues(result.error));
    return result.data;
  }

  async function prepared(data: JsonObject, ctx: WriteContext): Promise<{ data: JsonObject; key: string | null }> {
    const complete = resource.prepare ? await resource.prepare(data, ctx) : data;
    return { data: complete, key: resource.keyOf?.(complete) ?? null };
  }

  /** Turns a key collision into a message that names the key. */
  async function keyed<T>(key: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof ConflictError && key !== null) throw new ConflictError('document_key', `A ${noun} with key ${key} already exists in this project`);
      throw error;
    }
  }

  async function load(ref: DocumentRef): Promise<DocumentRecord> {
    const record = await config.getDocument(ref);
    if (!record) throw notFound(ref.id);
    return record;
  }

  return {
    /** The resource kind this service serves (its routes derive their paths and schemas from it). */
    resource,

    async list(projectId: number, page: PageQuery): Promise<DocumentPage> {
      const result = await config.listDocuments({ projectId, kind, after: page.after, limit: page.limit });
      return { items: result.items.map((record) => presentDocument(resource, record)), next: result.next };
    },

    async get(projectId: number, id: number): Promise<ShownDocument> {
      const record = await load({ projectId, kind, id });
      return { body: presentDocument(resource, record), version: record.version };
    },

    async create(projectId: number, { fields }: WriteBody): Promise<ShownDocument> {
      const { data, key } = await prepared(validated(resource.schema.safeParse(fields)), { config, projectId, now });
      const record = await keyed(key, () => config.createDocument({ project_id: projectId, kind, key, data }));
      return { body: { ...presentDocument(resource, record), ...resource.presentCreated?.(record.data) }, version: record.version };
    },

    /**
     * PUT replaces every field (write-only ones absent from the body are kept); PATCH merges the body's
     * top-level fields into the stored ones (`null` removes one). Either way the result is validated as a
     * whole and stored only if the document is still at the version the client read (else 409).
     */
    async update(projectId: number, id: number, { fields, version }: WriteBody, ifMatch: string | undefined, mode: 'put' | 'patch'): Promise<ShownDocument> {
      const expected = expectedVersion(version, ifMatch);
      const ref = { projectId, kind, id };
      const existing = await load(ref);
      if (existing.version !== expected) throw new VersionConflictError(expected, existing.version);
      const result =
        mode === 'put'
          ? resource.schema.safeParse({ ...only(existing.data, resource.writeOnlyFields), ...fields })
          : patchDocumentData(resource.schema, without(existing.data, resource.readOnlyFields), fields);
      const { data, key } = await prepared(validated(result), { config, projectId, now, existing });
      const record = await keyed(key, () => config.updateDocument({ ...ref, expectedVersion: expected, data, key }));
      if (!record) throw notFound(id);
      return { body: presentDocument(resource, record), version: record.version };
    },

    async remove(projectId: number, id: number): Promise<void> {
      if (!(await config.deleteDocument({ projectId, kind, id }))) throw notFound(id);
    },

    /** The stored document, for sub-resources (a survey's responses, a webhook's deliveries). */
    load: (projectId: number, id: number) => load({ projectId, kind, id }),
  };
}

export type DocumentService = ReturnType<typeof documentService>;
