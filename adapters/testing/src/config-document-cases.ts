import { expect, it } from 'vitest';
import { ConflictError, VersionConflictError } from '@northstar/core';
import type { StoragePorts } from '@northstar/server';
import { ISO_UTC } from './config-fixtures.js';

const FLAG = { rollout: 25, variants: ['control', 'test'], rules: [{ property: 'plan', op: 'eq', value: 'pro' }], enabled: true, note: null };

/** Documents: project- and kind-scoped, unique keys, optimistic concurrency. */
export function configDocumentCases(adapter: () => StoragePorts): void {
  it('creates a document at version 1 and reads it back', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Docs', plan: 'free' });
    const doc = await config.createDocument({ project_id: project.id, kind: 'flag', key: 'new-checkout', data: FLAG });
    expect(doc).toEqual({
      id: doc.id,
      project_id: project.id,
      kind: 'flag',
      key: 'new-checkout',
      parent_id: null,
      data: FLAG,
      version: 1,
      created_at: doc.created_at,
      updated_at: doc.created_at,
    });
    expect(doc.created_at).toMatch(ISO_UTC);
    expect(await config.getDocument({ projectId: project.id, kind: 'flag', id: doc.id })).toEqual(doc);
    expect(await config.findDocumentByKey(project.id, 'flag', 'new-checkout')).toEqual(doc);
  });

  it("never shows a project another project's documents", async () => {
    const { config } = adapter();
    const mine = await config.createProject({ name: 'Mine', plan: 'free' });
    const theirs = await config.createProject({ name: 'Theirs', plan: 'free' });
    const doc = await config.createDocument({ project_id: theirs.id, kind: 'dashboard', key: 'main', data: { title: 'Secret' } });
    expect(await config.getDocument({ projectId: mine.id, kind: 'dashboard', id: doc.id })).toBeUndefined();
    expect(await config.findDocumentByKey(mine.id, 'dashboard', 'main')).toBeUndefined();
    expect(await config.listDocuments({ projectId: mine.id, kind: 'dashboard' })).toEqual({ items: [], next: null });
    expect(await config.updateDocument({ projectId: mine.id, kind: 'dashboard', id: doc.id, expectedVersion: 1, data: {} })).toBeUndefined();
    expect(await config.deleteDocument({ projectId: mine.id, kind: 'dashboard', id: doc.id })).toBe(false);
    expect(await config.getDocument({ projectId: theirs.id, kind: 'dashboard', id: doc.id })).toEqual(doc);
  });

  it('does not find a document under another kind', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Kinds', plan: 'free' });
    const doc = await config.createDocument({ project_id: project.id, kind: 'segment', data: { filter: 'x' } });
    expect(await config.getDocument({ projectId: project.id, kind: 'alert', id: doc.id })).toBeUndefined();
    expect(await config.deleteDocument({ projectId: project.id, kind: 'alert', id: doc.id })).toBe(false);
  });

  it('refuses a second document with the same key in the same project and kind', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Keys', plan: 'free' });
    const other = await config.createProject({ name: 'Other', plan: 'free' });
    await config.createDocument({ project_id: project.id, kind: 'flag', key: 'beta', data: {} });
    const again = config.createDocument({ project_id: project.id, kind: 'flag', key: 'beta', data: {} });
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({ status: 409, target: 'document_key' });
    await expect(config.createDocument({ project_id: project.id, kind: 'experiment', key: 'beta', data: {} })).resolves.toMatchObject({ key: 'beta' });
    await expect(config.createDocument({ project_id: other.id, kind: 'flag', key: 'beta', data: {} })).resolves.toMatchObject({ key: 'beta' });
    await expect(config.createDocument({ project_id: project.id, kind: 'flag', key: 'Beta', data: {} })).resolves.toMatchObject({ key: 'Beta' });
    await expect(config.createDocument({ project_id: project.id, kind: 'flag', key: 'beta ', data: {} })).resolves.toMatchObject({ key: 'beta ' });
    await config.createDocument({ project_id: project.id, kind: 'flag', data: {} });
    await expect(config.createDocument({ project_id: project.id, kind: 'flag', key: null, data: {} })).resolves.toMatchObject({ key: null });
  });

  it('updates with the current version, bumping it and keeping what was not given', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Versions', plan: 'free' });
    const doc = await config.createDocument({ project_id: project.id, kind: 'flag', key: 'beta', data: FLAG });
    const ref = { projectId: project.id, kind: 'flag' as const, id: doc.id };
    const v2 = await config.updateDocument({ ...ref, expectedVersion: 1, data: { rollout: 50 } });
    expect(v2).toEqual({ ...doc, data: { rollout: 50 }, version: 2, updated_at: v2?.updated_at });
    const v3 = await config.updateDocument({ ...ref, expectedVersion: 2, key: 'beta-2' });
    expect(v3).toMatchObject({ key: 'beta-2', data: { rollout: 50 }, version: 3, created_at: doc.created_at });
    expect(await config.getDocument(ref)).toEqual(v3);
    expect(await config.findDocumentByKey(project.id, 'flag', 'beta')).toBeUndefined();
    expect((await config.updateDocument({ ...ref, data: { forced: true } }))?.version).toBe(4);
  });

  it('rejects an update with a stale version and keeps the current document', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Stale', plan: 'free' });
    const doc = await config.createDocument({ project_id: project.id, kind: 'dashboard', data: { title: 'v1' } });
    const ref = { projectId: project.id, kind: 'dashboard' as const, id: doc.id };
    await config.updateDocument({ ...ref, expectedVersion: 1, data: { title: 'v2' } });
    const stale = config.updateDocument({ ...ref, expectedVersion: 1, data: { title: 'lost update' } });
    await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
    await expect(stale).rejects.toMatchObject({ status: 409, expectedVersion: 1, currentVersion: 2 });
    await expect(config.updateDocument({ ...ref, expectedVersion: 3, data: {} })).rejects.toBeInstanceOf(VersionConflictError);
    expect(await config.getDocument(ref)).toMatchObject({ data: { title: 'v2' }, version: 2 });
    expect(await config.updateDocument({ ...ref, id: 999_999, expectedVersion: 1, data: {} })).toBeUndefined();
  });

  it('lets exactly one of several concurrent updates of the same version win', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Race', plan: 'free' });
    const doc = await config.createDocument({ project_id: project.id, kind: 'segment', data: { n: 0 } });
    const ref = { projectId: project.id, kind: 'segment' as const, id: doc.id };
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => config.updateDocument({ ...ref, expectedVersion: 1, data: { n } })));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof VersionConflictError)).toHaveLength(3);
    expect((await config.getDocument(ref))?.version).toBe(2);
  });

  it('refuses to rename a document to a key another document holds', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Rename', plan: 'free' });
    await config.createDocument({ project_id: project.id, kind: 'flag', key: 'taken', data: {} });
    const doc = await config.createDocument({ project_id: project.id, kind: 'flag', key: 'mine', data: {} });
    const ref = { projectId: project.id, kind: 'flag' as const, id: doc.id };
    await expect(config.updateDocument({ ...ref, expectedVersion: 1, key: 'taken' })).rejects.toBeInstanceOf(ConflictError);
    expect(await config.getDocument(ref)).toEqual(doc);
    expect(await config.updateDocument({ ...ref, expectedVersion: 1, key: 'mine' })).toMatchObject({ key: 'mine', version: 2 });
  });

  it('round-trips unicode, emoji, nesting and numbers in data, and stores data as JSON', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Ünïcødé 🎉', plan: 'free' });
    const data = { title: 'Café ☕ 📈 𝔘 ユーザー', nested: { deep: [1, -2.5, 2 ** 53 - 1, { empty: {} }], quote: '"\'\\' }, long: 'x'.repeat(70_000) };
    const doc = await config.createDocument({ project_id: project.id, kind: 'guide', key: 'wilkommen-👋', data });
    expect(await config.getDocument({ projectId: project.id, kind: 'guide', id: doc.id })).toEqual({ ...doc, data });
    expect(await config.findDocumentByKey(project.id, 'guide', 'wilkommen-👋')).toEqual(doc);
  });

  it('does not let a caller mutate a stored document through its own objects', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Copies', plan: 'free' });
    const data = { list: [1] };
    const doc = await config.createDocument({ project_id: project.id, kind: 'segment', data });
    data.list.push(2);
    (doc.data.list as number[]).push(3);
    expect((await config.getDocument({ projectId: project.id, kind: 'segment', id: doc.id }))?.data).toEqual({ list: [1] });
  });

  it('deletes a document with its children and nothing else', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Hooks', plan: 'free' });
    const hook = await config.createDocument({ project_id: project.id, kind: 'webhook', data: { url: 'https://hooks.example' } });
    const otherHook = await config.createDocument({ project_id: project.id, kind: 'webhook', data: { url: 'https://other.example' } });
    const delivery = await config.createDocument({ project_id: project.id, kind: 'webhook_delivery', parent_id: hook.id, data: { status: 500 } });
    const kept = await config.createDocument({ project_id: project.id, kind: 'webhook_delivery', parent_id: otherHook.id, data: { status: 200 } });
    expect(await config.deleteDocument({ projectId: project.id, kind: 'webhook', id: hook.id })).toBe(true);
    expect(await config.getDocument({ projectId: project.id, kind: 'webhook', id: hook.id })).toBeUndefined();
    expect(await config.getDocument({ projectId: project.id, kind: 'webhook_delivery', id: delivery.id })).toBeUndefined();
    expect(await config.getDocument({ projectId: project.id, kind: 'webhook_delivery', id: kept.id })).toEqual(kept);
    expect(await config.deleteDocument({ projectId: project.id, kind: 'webhook', id: hook.id })).toBe(false);
  });

  it('deletes grandchildren too, and leaves same-numbered parents of another project alone', async () => {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Tree', plan: 'free' });
    const other = await config.createProject({ name: 'Elsewhere', plan: 'free' });
    const root = await config.createDocument({ project_id: project.id, kind: 'survey', data: {} });
    const child = await config.createDocument({ project_id: project.id, kind: 'survey_response', parent_id: root.id, data: {} });
    const grandchild = await config.createDocument({ project_id: project.id, kind: 'survey_response', parent_id: child.id, data: {} });
    const foreign = await config.createDocument({ project_id: other.id, kind: 'survey_response', parent_id: root.id, data: {} });
    expect(await config.deleteDocument({ projectId: project.id, kind: 'survey', id: root.id })).toBe(true);
    expect(await config.getDocument({ projectId: project.id, kind: 'survey_response', id: child.id })).toBeUndefined();
    expect(await config.getDocument({ projectId: project.id, kind: 'survey_response', id: grandchild.id })).toBeUndefined();
    expect(await config.getDocument({ projectId: other.id, kind: 'survey_response', id: foreign.id })).toEqual(foreign);
  });
}
