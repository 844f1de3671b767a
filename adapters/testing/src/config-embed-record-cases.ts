import { expect, it } from 'vitest';
import type { StoragePorts } from '@northstar/server';

/** A token id as the server mints them: 22 base64url characters. */
const TOKEN_ID = 'Zk3vQ0m1x9LwYb2cT7aR_g';

/**
 * Embed token records (docs/embeds.md), kept as documents of kind `embed`: keyed by the token id,
 * children of their dashboard. The server finds one by key on every embed request, revokes it with a
 * server-internal update, and relies on the store to delete it with its dashboard and project.
 */
export function configEmbedRecordCases(adapter: () => StoragePorts): void {
  async function setUp() {
    const { config } = adapter();
    const project = await config.createProject({ name: 'Embeds', plan: 'free' });
    const dashboard = await config.createDocument({ project_id: project.id, kind: 'dashboard', data: { name: 'Growth', widgets: [] } });
    const record = {
      object: 'dashboard',
      dashboard_id: dashboard.id,
      widget_id: null,
      created_by: { kind: 'api_key', id: 7 },
      expires_at: '2024-06-01T00:00:00.000Z',
      revoked_at: null,
    };
    const embed = await config.createDocument({ project_id: project.id, kind: 'embed', key: TOKEN_ID, parent_id: dashboard.id, data: record });
    return { config, project, dashboard, record, embed };
  }

  it('finds an embed record by its token id in its own project only, and not as another kind', async () => {
    const { config, project, embed } = await setUp();
    const other = await config.createProject({ name: 'Other', plan: 'free' });
    expect(await config.findDocumentByKey(project.id, 'embed', TOKEN_ID)).toEqual(embed);
    expect(await config.findDocumentByKey(other.id, 'embed', TOKEN_ID)).toBeUndefined();
    expect(await config.findDocumentByKey(project.id, 'dashboard', TOKEN_ID)).toBeUndefined();
    expect(await config.findDocumentByKey(project.id, 'embed', TOKEN_ID.toLowerCase())).toBeUndefined();
  });

  it('revokes a record with an unversioned update that the next lookup sees', async () => {
    const { config, project, record, embed } = await setUp();
    const revoked = { ...record, revoked_at: '2024-05-02T00:00:00.000Z' };
    expect(await config.updateDocument({ projectId: project.id, kind: 'embed', id: embed.id, data: revoked })).toMatchObject({ version: 2, data: revoked });
    expect((await config.findDocumentByKey(project.id, 'embed', TOKEN_ID))?.data).toEqual(revoked);
  });

  it('deletes the records of a dashboard with it, and those of a project with it', async () => {
    const { config, project, dashboard } = await setUp();
    const second = await config.createDocument({ project_id: project.id, kind: 'dashboard', data: { name: 'Kept', widgets: [] } });
    const kept = await config.createDocument({ project_id: project.id, kind: 'embed', key: `${TOKEN_ID}2`, parent_id: second.id, data: {} });
    expect(await config.deleteDocument({ projectId: project.id, kind: 'dashboard', id: dashboard.id })).toBe(true);
    expect(await config.findDocumentByKey(project.id, 'embed', TOKEN_ID)).toBeUndefined();
    expect((await config.listDocuments({ projectId: project.id, kind: 'embed' })).items).toEqual([kept]);
    expect(await config.deleteProject(project.id)).toBe(true);
    expect(await config.findDocumentByKey(project.id, 'embed', `${TOKEN_ID}2`)).toBeUndefined();
  });
}
