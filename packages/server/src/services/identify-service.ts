import { uuidv7 } from '@northstar/core';
import { HttpError } from '../errors/index.js';
import type { PersonStore, StoredEvent } from '../ports/index.js';
import type { IdentifyBody, IdentifyResponse } from '../schemas/identify.js';
import type { CommitEvents } from './track-service.js';

export interface IdentifyDependencies {
  people: Pick<PersonStore, 'linkDevice' | 'setUserProperties'>;
  /** The group committer of /v1/track: resolves once the `$identify` event is durable. */
  commit: CommitEvents;
}

/** The `$identify` event of an identify call, owned by the user and the device. */
function identifyEvent(body: IdentifyBody, projectId: number, receivedAt: number): StoredEvent {
  return {
    uuid: body.uuid?.toLowerCase() ?? uuidv7(receivedAt),
    project_id: projectId,
    event_name: '$identify',
    user_id: body.user_id,
    device_id: body.device_id,
    session_id: body.session_id ?? null,
    timestamp: body.timestamp === undefined ? receivedAt : Date.parse(body.timestamp),
    str_properties: {},
    num_properties: {},
    received_at: receivedAt,
  };
}

/**
 * Links the device to the user, merges the user properties, then records `$identify`; answers once all
 * three are stored. A device already linked to another user is 409 and changes nothing. Every step is
 * idempotent, so a client retrying after a failure (503) ends in the same state.
 */
export async function identifyPerson(deps: IdentifyDependencies, projectId: number, body: IdentifyBody, receivedAt: number): Promise<IdentifyResponse> {
  const linked = await deps.people.linkDevice(projectId, body.device_id, body.user_id);
  if (linked === 'conflict') throw new HttpError(409, 'device_id is already linked to another user; call reset() before identifying someone else');
  if (body.user_properties && Object.keys(body.user_properties).length > 0) {
    await deps.people.setUserProperties(projectId, body.user_id, body.user_properties);
  }
  const event = identifyEvent(body, projectId, receivedAt);
  await deps.commit([event]);
  return { device_id: body.device_id, user_id: body.user_id, linked, event_uuid: event.uuid };
}

/** `/v1/identify`: links a device to a user, merges user properties and records `$identify`. */
export interface IdentifyService {
  identify(projectId: number, body: IdentifyBody): Promise<IdentifyResponse>;
}

export function identifyService(deps: IdentifyDependencies, clock: () => number): IdentifyService {
  return { identify: (projectId, body) => identifyPerson(deps, projectId, body, clock()) };
}
