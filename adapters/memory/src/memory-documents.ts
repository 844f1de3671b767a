import { ConflictError, VersionConflictError } from '@northstar/core';
import type { ConfigStore, DocumentKind, DocumentListRequest, DocumentRecord, DocumentRef, DocumentUpdate, NewDocument, Page } from '@northstar/server';
import type { MemoryConfigState } from './memory-config-state.js';
import { jsonCopy, pageOf, settle } from './memory-config-values.js';

type DocumentMethods = Pick<ConfigStore, 'createDocument' | 'getDocument' | 'findDocumentByKey' | 'listDocuments' | 'updateDocument' | 'deleteDocument'>;

const copy = (doc: DocumentRecord): DocumentRecord => ({ ...doc, data: jsonCopy(doc.data) });

export function memoryDocuments(state: MemoryConfigState): DocumentMethods {
  const { documents } = state.tables;

  function lookup(ref: DocumentRef): DocumentRecord | undefined {
    const doc = documents.get(ref.id);
    return doc && doc.project_id === ref.projectId && doc.kind === ref.kind ? doc : undefined;
  }

  function byKey(projectId: number, kind: DocumentKind, key: string): DocumentRecord | undefined {
    for (const doc of documents.values()) if (doc.project_id === projectId && doc.kind === kind && doc.key === key) return doc;
    return undefined;
  }

  /** Deletes a document and its descendants in the same project, one pass per level; stops at a cycle. */
  function removeWithChildren(projectId: number, id: number): void {
    documents.delete(id);
    for (let level = new Set([id]); level.size > 0;) {
      const next = new Set<number>();
      for (const doc of documents.values()) if (doc.parent_id !== null && level.has(doc.parent_id) && doc.project_id === projectId) next.add(doc.id);
      for (const child of next) documents.delete(child);
      level = next;
    }
  }

  return {
    createDocument: (input: NewDocument) =>
      settle(() => {
        const key = input.key ?? null;
        if (key !== null && byKey(input.project_id, input.kind, key)) throw new ConflictError('document_key');
        const data = jsonCopy(input.data);
        const now = state.now();
        const doc: DocumentRecord = {
          id: state.nextId('documents'),
          project_id: input.project_id,
          kind: input.kind,
          key,
          parent_id: input.parent_id ?? null,
          data,
          version: 1,
          created_at: now,
          updated_at: now,
        };
        documents.set(doc.id, doc);
        return copy(doc);
      }),

    getDocument(ref: DocumentRef): Promise<DocumentRecord | undefined> {
      const doc = lookup(ref);
      return Promise.resolve(doc && copy(doc));
    },

    findDocumentByKey(projectId: number, kind: DocumentKind, key: string): Promise<DocumentRecord | undefined> {
      const doc = byKey(projectId, kind, key);
      return Promise.resolve(doc && copy(doc));
    },

    listDocuments(request: DocumentListRequest): Promise<Page<DocumentRecord>> {
      const { projectId, kind, parentId } = request;
      const rows = [...documents.values()].filter(
        (doc) => doc.project_id === projectId && doc.kind === kind && (parentId === undefined || doc.parent_id === parentId),
      );
      return Promise.resolve(pageOf(rows, request, copy));
    },

    updateDocument: (update: DocumentUpdate) =>
      settle(() => {
        const doc = lookup(update);
        if (!doc) return undefined;
        if (update.expectedVersion !== undefined && update.expectedVersion !== doc.version) {
          throw new VersionConflictError(update.expectedVersion, doc.version);
        }
        if (update.key !== undefined && update.key !== null && update.key !== doc.key && byKey(doc.project_id, doc.kind, update.key)) {
          throw new ConflictError('document_key');
        }
        const data = update.data === undefined ? doc.data : jsonCopy(update.data);
        if (update.key !== undefined) doc.key = update.key;
        doc.data = data;
        doc.version += 1;
        doc.updated_at = state.now();
        return copy(doc);
      }),

    deleteDocument(ref: DocumentRef): Promise<boolean> {
      if (!lookup(ref)) return Promise.resolve(false);
      removeWithChildren(ref.projectId, ref.id);
      return Promise.resolve(true);
    },
  };
}
