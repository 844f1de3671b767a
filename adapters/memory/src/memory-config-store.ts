import type { ApiKeyRecord, ConfigStore, NewApiKey, ProjectPlan, ProjectRecord } from '@northstar/server';

/** Projects and API keys in maps; ids are integers counting from 1, like an auto-increment column. */
export function createMemoryConfigStore(now: () => number): ConfigStore & { clear(): void } {
  const projects = new Map<number, ProjectRecord>();
  const keysByHash = new Map<string, ApiKeyRecord>();
  const keysById = new Map<number, ApiKeyRecord>();
  let nextProjectId = 1;
  let nextKeyId = 1;

  return {
    createProject(input: { name: string; plan: ProjectPlan }): Promise<ProjectRecord> {
      const project: ProjectRecord = { id: nextProjectId++, name: input.name, plan: input.plan, created_at: new Date(now()).toISOString() };
      projects.set(project.id, project);
      return Promise.resolve({ ...project });
    },

    getProject(id: number): Promise<ProjectRecord | undefined> {
      const project = projects.get(id);
      return Promise.resolve(project && { ...project });
    },

    createApiKey(input: NewApiKey): Promise<ApiKeyRecord> {
      if (keysByHash.has(input.hash)) return Promise.reject(new Error('An API key with this hash already exists'));
      const record: ApiKeyRecord = { ...input, scopes: [...input.scopes], id: nextKeyId++, created_at: new Date(now()).toISOString() };
      keysByHash.set(record.hash, record);
      keysById.set(record.id, record);
      return Promise.resolve({ ...record, scopes: [...record.scopes] });
    },

    findApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
      const record = keysByHash.get(hash);
      return Promise.resolve(record && { ...record, scopes: [...record.scopes] });
    },

    revokeApiKey(id: number, revokedAt: string): Promise<boolean> {
      const record = keysById.get(id);
      if (record) record.revoked_at ??= revokedAt;
      return Promise.resolve(record !== undefined);
    },

    clear() {
      projects.clear();
      keysByHash.clear();
      keysById.clear();
    },
  };
}
