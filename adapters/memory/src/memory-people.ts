import type { LinkResult, UserProperties } from '@northstar/server';

type PropertyValue = string | number | boolean;

/** Device→user links and user properties of every project, in maps keyed by project and id. */
export function createMemoryPeople() {
  const links = new Map<string, string>();
  const properties = new Map<string, Record<string, PropertyValue>>();
  const key = (projectId: number, id: string) => `${projectId}\u0000${id}`;

  return {
    linkDevice(projectId: number, deviceId: string, userId: string): LinkResult {
      const current = links.get(key(projectId, deviceId));
      if (current !== undefined) return current === userId ? 'unchanged' : 'conflict';
      links.set(key(projectId, deviceId), userId);
      return 'created';
    },

    linkedUser(projectId: number, deviceId: string): string | undefined {
      return links.get(key(projectId, deviceId));
    },

    setUserProperties(projectId: number, userId: string, patch: UserProperties): void {
      const merged = { ...properties.get(key(projectId, userId)) };
      for (const [name, value] of Object.entries(patch)) {
        if (name === '__proto__') continue;
        if (value === null) delete merged[name];
        else merged[name] = value;
      }
      properties.set(key(projectId, userId), merged);
    },

    getUserProperties(projectId: number, userId: string): Record<string, PropertyValue> {
      return { ...properties.get(key(projectId, userId)) };
    },

    clear(): void {
      links.clear();
      properties.clear();
    },
  };
}
