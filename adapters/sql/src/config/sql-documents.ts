import { VersionConflictError } from '@northstar/core';
import type { ConfigStore, DocumentKind, DocumentListRequest, DocumentRecord, DocumentRef, DocumentUpdate, NewDocument, Page } from '@northstar/server';
import type { Knex } from 'knex';
import { TABLES } from './sql-config-context.js';
import type { SqlConfigContext } from './sql-config-context.js';
import { orConflict } from './sql-conflicts.js';
import { toDocument } from './sql-document-rows.js';
import type { DocumentRow } from './sql-document-rows.js';
import { pageLimit, toNumber, toPage } from './sql-values.js';

type DocumentMethods = Pick<ConfigStore, 'createDocument' | 'getDocument' | 'findDocumentByKey' | 'listDocuments' | 'updateDocument' | 'deleteDocument'>;

/** Ids per `IN (...)` list, well below SQLite's bound-parameter limit. */
const CHUNK = 500;

/**
 * Deletes the children of `rootId`, then theirs, level by level. A level carries only the children that
 * have children themselves, so a webhook with 100k deliveries costs two statements, not a list of 100k
 * ids; `seen` stops at a cycle of parent ids.
 */
async function deleteDescendants(trx: Knex.Transaction, projectId: number, rootId: number): Promise<void> {
  const seen = new Set([rootId]);
  for (let level = [rootId]; level.length > 0;) {
    const next: number[] = [];
    for (let i = 0; i < level.length; i += CHUNK) {
      const chunk = level.slice(i, i + CHUNK);
      const children = trx(TABLES.documents).select('id').where('project_id', projectId).whereIn('parent_id', chunk);
      const parents = await trx(TABLES.documents).distinct<{ parent_id: number }[]>('parent_id').where('project_id', projectId).whereIn('parent_id', children);
      for (const { parent_id } of parents) if (!seen.has(toNumber(parent_id))) next.push(toNumber(parent_id));
      await trx(TABLES.documents).where('project_id', projectId).whereIn('parent_id', chunk).delete();
    }
    for (const id of next) seen.add(id);
    level = next;
  }
}

const scoped = (db: Knex, ref: DocumentRef) => db<DocumentRow>(TABLES.documents).where({ id: ref.id, project_id: ref.projectId, kind: ref.kind });

export function sqlDocuments({ db, dialect, now }: SqlConfigContext): DocumentMethods {
  const documents = () => db<DocumentRow>(TABLES.documents);

  async function get(ref: DocumentRef, trx: Knex = db): Promise<DocumentRecord | undefined> {
    const row = await scoped(trx, ref).first();
    return row && toDocument(row);
  }

  /** The version check and the write are one statement; the row read back inside the transaction is ours. */
  function update(change: DocumentUpdate): Promise<DocumentRecord | undefined> {
    return db.transaction(async (trx) => {
      const changes: Partial<DocumentRow> = { updated_at: now() };
      if (change.data !== undefined) changes.data = JSON.stringify(change.data);
      if (change.key !== undefined) changes.doc_key = change.key;
      const query = scoped(trx, change);
      if (change.expectedVersion !== undefined) void query.andWhere('version', change.expectedVersion);
      const updated = await orConflict(dialect, 'document_key', async () => query.update({ ...changes, version: trx.raw('version + 1') }));
      const current = await get(change, trx);
      if (updated > 0 || current === undefined) return current;
      if (change.expectedVersion !== undefined && current.version !== change.expectedVersion) {
        throw new VersionConflictError(change.expectedVersion, current.version);
      }
      return current;
    });
  }

  return {
    async createDocument(input: NewDocument): Promise<DocumentRecord> {
      const at = now();
      const row = {
        project_id: input.project_id,
        kind: input.kind,
        doc_key: input.key ?? null,
        parent_id: input.parent_id ?? null,
        data: JSON.stringify(input.data),
        version: 1,
        created_at: at,
        updated_at: at,
      };
      const [id] = await orConflict(dialect, 'document_key', async () => documents().insert(row));
      return toDocument({ ...row, id: toNumber(id ?? 0) });
    },

    getDocument: (ref: DocumentRef) => get(ref),

    async findDocumentByKey(projectId: number, kind: DocumentKind, key: string): Promise<DocumentRecord | undefined> {
      const row = await documents().where({ project_id: projectId, kind, doc_key: key }).first();
      return row && toDocument(row);
    },

    async listDocuments(request: DocumentListRequest): Promise<Page<DocumentRecord>> {
      const limit = pageLimit(request);
      const query = documents()
        .where({ project_id: request.projectId, kind: request.kind })
        .orderBy('id')
        .limit(limit + 1);
      if (request.parentId !== undefined) void query.andWhere('parent_id', request.parentId);
      if (request.after !== undefined) void query.andWhere('id', '>', request.after);
      const rows: DocumentRow[] = await query;
      return toPage(rows.map(toDocument), limit);
    },

    updateDocument: update,

    deleteDocument(ref: DocumentRef): Promise<boolean> {
      return db.transaction(async (trx) => {
        if ((await scoped(trx, ref).delete()) === 0) return false;
        await deleteDescendants(trx, ref.projectId, ref.id);
        return true;
      });
    },
  };
}
