import type { ConfigStore, NewProject, Page, PageRequest, ProjectPatch, ProjectPlan, ProjectRecord } from '@northstar/server';
import { TABLES } from './sql-config-context.js';
import type { SqlConfigContext } from './sql-config-context.js';
import { pageLimit, parseJson, toIso, toNumber, toPage } from './sql-values.js';

type ProjectMethods = Pick<ConfigStore, 'createProject' | 'getProject' | 'listProjects' | 'updateProject' | 'deleteProject'>;

interface ProjectRow {
  id: number;
  name: string;
  plan: string;
  settings: string;
  created_at: number | string;
  updated_at: number | string;
}

const toProject = (row: ProjectRow): ProjectRecord => ({
  id: toNumber(row.id),
  name: row.name,
  plan: row.plan as ProjectPlan,
  settings: parseJson(row.settings),
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
});

export function sqlProjects({ db, now }: SqlConfigContext): ProjectMethods {
  const projects = () => db<ProjectRow>(TABLES.projects);
  const get = async (id: number): Promise<ProjectRecord | undefined> => {
    const row = await projects().where('id', id).first();
    return row && toProject(row);
  };

  return {
    async createProject(input: NewProject): Promise<ProjectRecord> {
      const at = now();
      const row = { name: input.name, plan: input.plan, settings: JSON.stringify(input.settings ?? {}), created_at: at, updated_at: at };
      const [id] = await projects().insert(row);
      return toProject({ ...row, id: toNumber(id ?? 0) });
    },

    getProject: get,

    async listProjects(request: PageRequest & { accountId?: number } = {}): Promise<Page<ProjectRecord>> {
      const limit = pageLimit(request);
      const query = db(`${TABLES.projects} as p`)
        .select<ProjectRow[]>('p.*')
        .orderBy('p.id')
        .limit(limit + 1);
      if (request.after !== undefined) void query.where('p.id', '>', request.after);
      if (request.accountId !== undefined) {
        void query.join(`${TABLES.memberships} as m`, 'm.project_id', 'p.id').where('m.account_id', request.accountId);
      }
      const rows: ProjectRow[] = await query;
      return toPage(rows.map(toProject), limit);
    },

    async updateProject(id: number, patch: ProjectPatch): Promise<ProjectRecord | undefined> {
      const changes: Partial<ProjectRow> = { updated_at: now() };
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.plan !== undefined) changes.plan = patch.plan;
      if (patch.settings !== undefined) changes.settings = JSON.stringify(patch.settings);
      await projects().where('id', id).update(changes);
      // Read back rather than trust affected rows, which MySQL may count as changed rather than matched.
      return get(id);
    },

    deleteProject(id: number): Promise<boolean> {
      return db.transaction(async (trx) => {
        const deleted = await trx(TABLES.projects).where('id', id).delete();
        if (deleted === 0) return false;
        await trx(TABLES.apiKeys).where('project_id', id).delete();
        await trx(TABLES.memberships).where('project_id', id).delete();
        await trx(TABLES.documents).where('project_id', id).delete();
        return true;
      });
    },
  };
}
