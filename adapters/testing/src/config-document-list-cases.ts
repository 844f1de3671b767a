import { expect, it } from 'vitest';
import type { ConfigStore, DocumentRecord, StoragePorts } from '@northstar/server';

async function segments(config: ConfigStore, projectId: number, count: number): Promise<DocumentRecord[]> {
  const docs: DocumentRecord[] = [];
  for (let n = 1; n <= count; n += 1) docs.push(await config.createDocument({ project_id: projectId, kind: 'segment', data: { n } }));
  return docs;
}

const numbers = (docs: DocumentRecord[]): unknown[] => docs.map((doc) => doc.data.n);

/** Document lists: id order, keyset pages that stay stable while rows come and go. */
export function configDocumentListCases(adapter: () => StoragePorts): void {
  it('lists the documents of one project and kind in creation order', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'List', plan: 'free' });
    const other = await config.createProject({ name: 'Other', plan: 'free' });
    await config.createDocument({ project_id: project.id, kind: 'alert', data: { n: 'alert' } });
    await config.createDocument({ project_id: other.id, kind: 'segment', data: { n: 'other' } });
    const docs = await segments(config, project.id, 3);
    expect(await config.listDocuments({ projectId: project.id, kind: 'segment' })).toEqual({ items: docs, next: null });
  });

  it('walks every page once, with no gaps or repeats', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Pages', plan: 'free' });
    const docs = await segments(config, project.id, 7);
    const seen: DocumentRecord[] = [];
    let after: number | undefined;
    let pages = 0;
    for (;;) {
      const page = await config.listDocuments({ projectId: project.id, kind: 'segment', limit: 3, after });
      seen.push(...page.items);
      pages += 1;
      if (page.next === null) break;
      expect(page.next).toBe(page.items[page.items.length - 1]?.id);
      after = page.next;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(docs);
  });

  it('says there is no next page when the last page is exactly full', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Exact', plan: 'free' });
    const docs = await segments(config, project.id, 4);
    const first = await config.listDocuments({ projectId: project.id, kind: 'segment', limit: 2 });
    expect(first.next).toBe(docs[1]?.id);
    expect(await config.listDocuments({ projectId: project.id, kind: 'segment', limit: 2, after: first.next ?? 0 })).toEqual({
      items: docs.slice(2),
      next: null,
    });
  });

  it('keeps pages stable when documents are added or deleted between them', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Stable', plan: 'free' });
    const docs = await segments(config, project.id, 4);
    const first = await config.listDocuments({ projectId: project.id, kind: 'segment', limit: 2 });
    expect(numbers(first.items)).toEqual([1, 2]);
    await config.deleteDocument({ projectId: project.id, kind: 'segment', id: docs[0]?.id ?? 0 });
    await config.createDocument({ project_id: project.id, kind: 'segment', data: { n: 5 } });
    const second = await config.listDocuments({ projectId: project.id, kind: 'segment', limit: 2, after: first.next ?? 0 });
    expect(numbers(second.items)).toEqual([3, 4]);
    const third = await config.listDocuments({ projectId: project.id, kind: 'segment', limit: 2, after: second.next ?? 0 });
    expect(third).toMatchObject({ items: [{ data: { n: 5 } }], next: null });
  });

  it('keeps an updated document in its place', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Place', plan: 'free' });
    const docs = await segments(config, project.id, 3);
    await config.updateDocument({ projectId: project.id, kind: 'segment', id: docs[0]?.id ?? 0, expectedVersion: 1, data: { n: 'first, edited' } });
    const page = await config.listDocuments({ projectId: project.id, kind: 'segment' });
    expect(numbers(page.items)).toEqual(['first, edited', 2, 3]);
  });

  it('clamps the page size to between 1 and 1000 and defaults to 50', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Sizes', plan: 'free' });
    await segments(config, project.id, 52);
    const list = (limit?: number) => config.listDocuments({ projectId: project.id, kind: 'segment', limit });
    expect((await list()).items).toHaveLength(50);
    expect((await list(0)).items).toHaveLength(1);
    expect((await list(-5)).items).toHaveLength(1);
    expect((await list(2.9)).items).toHaveLength(2);
    expect((await list(5000)).items).toHaveLength(52);
  });

  it('lists the children of one document', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Survey', plan: 'free' });
    const survey = await config.createDocument({ project_id: project.id, kind: 'survey', key: 'nps', data: { question: 'How likely…?' } });
    const other = await config.createDocument({ project_id: project.id, kind: 'survey', key: 'csat', data: {} });
    const a = await config.createDocument({ project_id: project.id, kind: 'survey_response', parent_id: survey.id, data: { score: 9 } });
    await config.createDocument({ project_id: project.id, kind: 'survey_response', parent_id: other.id, data: { score: 2 } });
    const b = await config.createDocument({ project_id: project.id, kind: 'survey_response', parent_id: survey.id, data: { score: 10, comment: '👍' } });
    expect(await config.listDocuments({ projectId: project.id, kind: 'survey_response', parentId: survey.id })).toEqual({ items: [a, b], next: null });
    expect((await config.listDocuments({ projectId: project.id, kind: 'survey_response' })).items).toHaveLength(3);
  });
}
