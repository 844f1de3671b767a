import { evaluateFlag } from '@northstar/core';
import type { StoragePorts } from '../../ports/index.js';
import type { FlagsEvaluateBody, FlagsEvaluateResponse } from '../../schemas/flags-evaluate.js';
import { flagPerson } from './flag-person.js';
import { loadFlags } from './load-flags.js';

/**
 * `POST /v1/flags/evaluate`: the named flags (unknown, invalid or inactive ones are false), or every
 * active flag when no key is named, for the person of the body.
 */
export async function evaluateFlags(
  storage: Pick<StoragePorts, 'config' | 'people'>,
  projectId: number,
  body: FlagsEvaluateBody,
): Promise<FlagsEvaluateResponse> {
  const named = [...(body.key === undefined ? [] : [body.key]), ...(body.keys ?? [])];
  const everyFlag = body.key === undefined && body.keys === undefined;
  const [flags, person] = await Promise.all([
    loadFlags(storage.config, projectId, everyFlag ? undefined : named),
    flagPerson(storage.people, projectId, body, body.user_properties),
  ]);
  const entries: [string, string | boolean][] = everyFlag
    ? [...flags.values()].filter((flag) => flag.active).map((flag) => [flag.key, evaluateFlag(flag, person)])
    : named.map((key) => {
        const flag = flags.get(key);
        return [key, flag ? evaluateFlag(flag, person) : false];
      });
  // fromEntries defines own properties, so even a key named __proto__ is a plain entry.
  return { flags: Object.fromEntries(entries) };
}

/** Feature flags evaluated for a person (`/v1/flags/evaluate`). */
export interface FlagsService {
  evaluate(projectId: number, body: FlagsEvaluateBody): Promise<FlagsEvaluateResponse>;
}

export function flagsService(storage: Pick<StoragePorts, 'config' | 'people'>): FlagsService {
  return { evaluate: (projectId, body) => evaluateFlags(storage, projectId, body) };
}
