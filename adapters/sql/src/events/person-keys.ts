import type { Knex } from 'knex';
import type { StoredEvent } from '@northstar/server';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import { deviceKey, userKey } from './event-rows.js';

const LOOKUP_CHUNK = 500;

/**
 * The person key of each event: `u:<user_id>`, else `u:<user>` of the device's link, else
 * `d:<device_id>`, else null. The links are read with a shared lock (gap locks included; `lockShared`),
 * so a concurrent `linkDevice` waits for this transaction or this one sees its link: an anonymous
 * event can never be stored under a device key after the device was linked and re-keyed.
 */
export async function resolvePersonKeys(trx: Knex.Transaction, dialect: SqlDialect, events: readonly StoredEvent[]): Promise<(string | null)[]> {
  const devicesByProject = new Map<number, Set<string>>();
  for (const event of events) {
    if (event.user_id !== null || event.device_id === null) continue;
    const devices = devicesByProject.get(event.project_id) ?? new Set<string>();
    devices.add(event.device_id);
    devicesByProject.set(event.project_id, devices);
  }

  const links = new Map<string, string>();
  for (const [projectId, devices] of devicesByProject) {
    const all = [...devices].sort();
    for (let i = 0; i < all.length; i += LOOKUP_CHUNK) {
      const query = trx('ns_device_links')
        .select('device_id', 'user_id')
        .where('project_id', projectId)
        .whereIn('device_id', all.slice(i, i + LOOKUP_CHUNK));
      const rows = (await dialect.lockShared(query)) as { device_id: string; user_id: string }[];
      for (const row of rows) links.set(`${projectId}\u0000${row.device_id}`, row.user_id);
    }
  }

  return events.map((event) => {
    if (event.user_id !== null) return userKey(event.user_id);
    if (event.device_id === null) return null;
    const linked = links.get(`${event.project_id}\u0000${event.device_id}`);
    return linked === undefined ? deviceKey(event.device_id) : userKey(linked);
  });
}
