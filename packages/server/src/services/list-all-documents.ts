import type { ConfigStore, DocumentKind, DocumentRecord } from '../ports/index.js';

/** Documents read per page. */
const PAGE_SIZE = 1000;

/** Every document of one kind in a project, in id order, read page by page. */
export async function listAllDocuments(config: ConfigStore, projectId: number, kind: DocumentKind): Promise<DocumentRecord[]> {
  const documents: DocumentRecord[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await config.listDocuments({ projectId, kind, limit: PAGE_SIZE, ...(after !== undefined && { after }) });
    documents.push(...page.items);
    if (page.next === null || page.items.length === 0) return documents;
    after = page.next;
  }
}
