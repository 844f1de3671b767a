import { expect, it } from 'vitest';
import { ConflictError, VersionConflictError } from '@northstar/core';
import type { StoragePorts } from '@northstar/server';

/**
 * The state and history of scheduled evaluations (docs/alerts-experiments.md), kept as documents:
 * `alert_state` / `experiment_state` keyed and parented by their alert or experiment, `alert_history`
 * children of their alert. The server relies on the store to let exactly one of two writers of the same
 * state version (or of a first state) win, to list history by parent in id order, and to delete both
 * with their owner and project.
 */
export function configEvaluationStateCases(adapter: () => StoragePorts): void {
  async function setUp() {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Alerts', plan: 'free' });
    const alert = await config.createDocument({ project_id: project.id, kind: 'alert', data: { name: 'Errors' } });
    const state = (data: Record<string, boolean | string>) => ({
      project_id: project.id,
      kind: 'alert_state' as const,
      key: String(alert.id),
      parent_id: alert.id,
      data,
    });
    return { config, project, alert, state };
  }

  it('lets one of two first states of an alert win, and one of two writers of the same version', async () => {
    const { config, project, alert, state } = await setUp();
    const created = await Promise.allSettled([config.createDocument(state({ firing: true })), config.createDocument(state({ firing: false }))]);
    expect(created.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = created.find((result) => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ConflictError);
    const current = await config.findDocumentByKey(project.id, 'alert_state', String(alert.id));
    expect(current).toMatchObject({ version: 1, parent_id: alert.id });
    const ref = { projectId: project.id, kind: 'alert_state' as const, id: current!.id, expectedVersion: 1 };
    const updated = await Promise.allSettled([
      config.updateDocument({ ...ref, data: { firing: true } }),
      config.updateDocument({ ...ref, data: { firing: false } }),
    ]);
    expect(updated.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(updated.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(VersionConflictError);
    expect(await config.findDocumentByKey(project.id, 'alert_state', String(alert.id))).toMatchObject({ version: 2 });
  });

  it("lists an alert's history in id order, page by page, and deletes state and history with the alert", async () => {
    const { config, project, alert, state } = await setUp();
    const other = await config.createDocument({ project_id: project.id, kind: 'alert', data: { name: 'Other' } });
    await config.createDocument(state({ firing: false }));
    const entries = [];
    for (let i = 0; i < 3; i++)
      entries.push(await config.createDocument({ project_id: project.id, kind: 'alert_history', parent_id: alert.id, data: { value: i } }));
    await config.createDocument({ project_id: project.id, kind: 'alert_history', parent_id: other.id, data: { value: 9 } });
    const first = await config.listDocuments({ projectId: project.id, kind: 'alert_history', parentId: alert.id, limit: 2 });
    expect(first.items).toEqual(entries.slice(0, 2));
    const second = await config.listDocuments({ projectId: project.id, kind: 'alert_history', parentId: alert.id, limit: 2, after: first.next! });
    expect(second).toEqual({ items: entries.slice(2), next: null });

    expect(await config.deleteDocument({ projectId: project.id, kind: 'alert', id: alert.id })).toBe(true);
    expect(await config.findDocumentByKey(project.id, 'alert_state', String(alert.id))).toBeUndefined();
    expect((await config.listDocuments({ projectId: project.id, kind: 'alert_history', parentId: alert.id })).items).toEqual([]);
    expect((await config.listDocuments({ projectId: project.id, kind: 'alert_history' })).items).toHaveLength(1);
  });

  it("keeps an experiment's state by its id, gone with the project", async () => {
    const { config, project } = await setUp();
    const experiment = await config.createDocument({ project_id: project.id, kind: 'experiment', data: { name: 'E' } });
    const data = { fired_at: '2024-05-01T00:00:00.000Z', variant: 'test', p_value: 0.001, lift: 0.2 };
    await config.createDocument({ project_id: project.id, kind: 'experiment_state', key: String(experiment.id), parent_id: experiment.id, data });
    expect((await config.findDocumentByKey(project.id, 'experiment_state', String(experiment.id)))?.data).toEqual(data);
    expect(await config.deleteProject(project.id)).toBe(true);
    expect(await config.findDocumentByKey(project.id, 'experiment_state', String(experiment.id))).toBeUndefined();
  });
}
