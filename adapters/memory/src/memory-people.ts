import type { LinkResult, UserProperties } from '@northstar/server';

type PropertyValue = string | number | boolean;

/** Device→user links and user properties of every project, in maps keyed by project and id. */
export function createMemoryPeople() {
  const links = new Map<string, string>();
  const properties = new Map<string, Record<string, PropertyValue>>();
  const key = (projectId: number, id: string) => `${projectId}\u0000${id}`;
  const devicesOf = (projectId: number, userId: string): string[] => {
    const prefix = key(projectId, '');
    return [...links].filter(([device, user]) => user === userId && device.startsWith(prefix)).map(([device]) => device.slice(prefix.length));
  };

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

    /** The devices linked to `userId` in the project. */
    devicesOf,

    /** The users of the project with a linked device or a properties record. */
    usersOf(projectId: number): Set<string> {
      const prefix = key(projectId, '');
      const users = new Set<string>();
      for (const [device, user] of links) if (device.startsWith(prefix)) users.add(user);
      for (const id of properties.keys()) if (id.startsWith(prefix)) users.add(id.slice(prefix.length));
      return users;
    },

    /** Drops the user's device links and properties. */
    forgetUser(projectId: number, userId: string): void {
      for (const device of devicesOf(projectId, userId)) links.delete(key(projectId, device));
      properties.delete(key(projectId, userId));
    },

    /** Drops every link and properties record of the project. */
    forgetProject(projectId: number): void {
      const prefix = key(projectId, '');
      for (const map of [links, properties]) for (const id of [...map.keys()]) if (id.startsWith(prefix)) map.delete(id);
    },

    clear(): void {
      links.clear();
      properties.clear();
    },
  };
}
