import type { ConfigStore, NewProject, Page, PageRequest, ProjectPatch, ProjectRecord } from '@northstar/server';
import { membershipKey } from './memory-config-state.js';
import type { MemoryConfigState } from './memory-config-state.js';
import { jsonCopy, pageOf, settle } from './memory-config-values.js';

type ProjectMethods = Pick<ConfigStore, 'createProject' | 'getProject' | 'listProjects' | 'updateProject' | 'deleteProject'>;

const copy = (project: ProjectRecord): ProjectRecord => ({ ...project, settings: jsonCopy(project.settings) });

export function memoryProjects(state: MemoryConfigState): ProjectMethods {
  const { projects, memberships, apiKeys, documents } = state.tables;

  return {
    createProject: (input: NewProject) =>
      settle(() => {
        const settings = jsonCopy(input.settings ?? {});
        const now = state.now();
        const project: ProjectRecord = { id: state.nextId('projects'), name: input.name, plan: input.plan, settings, created_at: now, updated_at: now };
        projects.set(project.id, project);
        return copy(project);
      }),

    getProject(id: number): Promise<ProjectRecord | undefined> {
      const project = projects.get(id);
      return Promise.resolve(project && copy(project));
    },

    listProjects(request: PageRequest & { accountId?: number } = {}): Promise<Page<ProjectRecord>> {
      const { accountId } = request;
      const rows = accountId === undefined ? projects.values() : [...projects.values()].filter((p) => memberships.has(membershipKey(accountId, p.id)));
      return Promise.resolve(pageOf(rows, request, copy));
    },

    updateProject: (id: number, patch: ProjectPatch) =>
      settle(() => {
        const project = projects.get(id);
        if (!project) return undefined;
        const settings = patch.settings === undefined ? project.settings : jsonCopy(patch.settings);
        if (patch.name !== undefined) project.name = patch.name;
        if (patch.plan !== undefined) project.plan = patch.plan;
        project.settings = settings;
        project.updated_at = state.now();
        return copy(project);
      }),

    deleteProject(id: number): Promise<boolean> {
      if (!projects.delete(id)) return Promise.resolve(false);
      for (const [key, membership] of memberships) if (membership.project_id === id) memberships.delete(key);
      for (const [keyId, key] of apiKeys) if (key.project_id === id) apiKeys.delete(keyId);
      for (const [docId, doc] of documents) if (doc.project_id === id) documents.delete(docId);
      return Promise.resolve(true);
    },
  };
}
