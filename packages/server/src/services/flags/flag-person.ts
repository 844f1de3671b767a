import type { FlagPerson, PersonProperties } from '@northstar/core';
import type { PersonStore, UserProperties } from '../../ports/index.js';

/** Who a request is about: a user id, a device id, or both. */
export interface PersonIds {
  user_id?: string | null | undefined;
  device_id?: string | null | undefined;
}

/**
 * The person flags and targeting are evaluated for: bucketed by the user id when given, else the device
 * id; properties are the stored user properties (none for a device alone) with `overrides` merged over
 * them (`null` removes one).
 */
export async function flagPerson(
  people: Pick<PersonStore, 'getUserProperties'>,
  projectId: number,
  ids: PersonIds,
  overrides?: UserProperties,
): Promise<FlagPerson> {
  const id = ids.user_id ?? ids.device_id;
  if (!id) throw new Error('flagPerson needs a user_id or a device_id');
  const properties: PersonProperties = ids.user_id ? await people.getUserProperties(projectId, ids.user_id) : {};
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (name === '__proto__') continue;
    if (value === null) delete properties[name];
    else properties[name] = value;
  }
  return { id, properties };
}
