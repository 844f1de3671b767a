import type { Transport } from '../transport.js';
import { postJson } from '../transport.js';
import type { FlagQuery, FlagValue } from './flag-types.js';

/**
 * `POST /v1/flags/evaluate` with the SDK key: the named flags (or every active flag without `keys`)
 * for the person. Undefined when the server did not answer 200 with `{ flags }`.
 */
export async function evaluateRemotely(
  t: Transport,
  host: string,
  apiKey: string,
  keys: string[] | undefined,
  person: FlagQuery,
): Promise<Record<string, FlagValue> | undefined> {
  const res = await postJson(t, `${host}/v1/flags/evaluate`, apiKey, {
    ...(keys ? { keys } : {}),
    ...(person.userId ? { user_id: person.userId } : {}),
    ...(person.deviceId ? { device_id: person.deviceId } : {}),
    ...(person.userProperties ? { user_properties: person.userProperties } : {}),
  });
  const flags = (res?.body as { flags?: unknown } | undefined)?.flags;
  if (res?.status !== 200 || typeof flags !== 'object' || flags === null) return undefined;
  const values: Record<string, FlagValue> = {};
  for (const [key, value] of Object.entries(flags)) if (typeof value === 'string' || typeof value === 'boolean') values[key] = value;
  return values;
}
