import { ConflictError, VersionConflictError } from '../errors/index.js';
import type { ConfigStore, DocumentKind, DocumentRecord, JsonObject } from '../ports/index.js';

/** Kinds of the state documents kept by the scheduled evaluations, one per alert or experiment. */
export type StateKind = Extract<DocumentKind, 'alert_state' | 'experiment_state'>;

/** Addresses the state of one alert or experiment: a document of `kind` keyed and parented by its owner's id. */
export interface StateRef {
  projectId: number;
  kind: StateKind;
  ownerId: number;
}

export function readState(config: ConfigStore, ref: StateRef): Promise<DocumentRecord | undefined> {
  return config.findDocumentByKey(ref.projectId, ref.kind, String(ref.ownerId));
}

/**
 * Writes the state read as `current` (undefined: none yet), checked against its version by the store
 * in the write itself. Resolves to undefined when another evaluator wrote first: the caller lost the
 * race and must do nothing that the winner does (fire a webhook, record history).
 */
export async function writeState(
  config: ConfigStore,
  ref: StateRef,
  current: DocumentRecord | undefined,
  data: JsonObject,
): Promise<DocumentRecord | undefined> {
  try {
    if (!current) return await config.createDocument({ project_id: ref.projectId, kind: ref.kind, key: String(ref.ownerId), parent_id: ref.ownerId, data });
    return await config.updateDocument({ projectId: ref.projectId, kind: ref.kind, id: current.id, expectedVersion: current.version, data });
  } catch (error) {
    if (error instanceof VersionConflictError || error instanceof ConflictError) return undefined;
    throw error;
  }
}

/** The `pending` event data of a state: recorded with the state that fires it, cleared once it is sent. */
function pendingOf(state: DocumentRecord | undefined): JsonObject | undefined {
  const pending = state?.data.pending;
  return pending !== null && typeof pending === 'object' && !Array.isArray(pending) ? pending : undefined;
}

/** Clears `pending` once its event is sent; resolves to the state as it now is. */
export async function clearPending(config: ConfigStore, ref: StateRef, state: DocumentRecord): Promise<DocumentRecord | undefined> {
  return (await writeState(config, ref, state, { ...state.data, pending: null })) ?? (await readState(config, ref));
}

/**
 * Sends the event that an earlier evaluation recorded as `pending` but did not get to send (its emit
 * failed, or the process died), then clears it: a firing is sent at least once. Resolves to the state
 * as it now is.
 */
export async function sendPending(
  config: ConfigStore,
  ref: StateRef,
  state: DocumentRecord | undefined,
  send: (pending: JsonObject) => Promise<void>,
): Promise<DocumentRecord | undefined> {
  const pending = pendingOf(state);
  if (!state || !pending) return state;
  await send(pending);
  return clearPending(config, ref, state);
}
