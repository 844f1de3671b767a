/**
 * The event log: where events are appended, idempotently, and read back one at a time. Counting and
 * listing them is the `QueryEngine`'s job, which an adapter runs over the same data.
 */

/** One event as the server hands it to storage: validated, normalised, owned by a project. */
export interface StoredEvent {
  /** Lower-case UUID; `(project_id, uuid)` is the idempotency key. */
  uuid: string;
  project_id: number;
  event_name: string;
  user_id: string | null;
  device_id: string | null;
  session_id: string | null;
  /** Time of the event in Unix epoch milliseconds (UTC), after clock-skew correction. */
  timestamp: number;
  str_properties: Record<string, string>;
  num_properties: Record<string, number>;
  /** Time the server received the event, Unix epoch milliseconds. */
  received_at: number;
}

export interface AppendResult {
  /** Events stored by this call. */
  inserted: number;
  /** Events skipped because their `(project_id, uuid)` was already stored (or repeated in the call). */
  duplicates: number;
}

/** A person whose events a GDPR deletion removes: its own and the anonymous ones of its devices. */
export interface PersonEventsRef {
  projectId: number;
  userId: string;
  /** Devices linked to the user (anonymous events of these devices, those without `user_id`, go too). */
  deviceIds: string[];
}

export interface EventLog {
  /** Stores events idempotently on `(project_id, uuid)`; the first copy of an event wins. One transaction per call. */
  appendEvents(events: StoredEvent[]): Promise<AppendResult>;
  /** One stored event, as stored (for inspection and tests); undefined when absent. */
  getEvent(projectId: number, uuid: string): Promise<StoredEvent | undefined>;
  /** Deletes every event of a project and whatever the adapter derived from them (rollups); returns the events deleted. */
  deleteProject(projectId: number): Promise<number>;
  /**
   * GDPR deletion of a person's events (and their share of anything derived from them) for an event log
   * kept apart from the `PersonStore`: the app calls it after `PersonStore.deleteUser`, whose own
   * adapter already deleted the person's events it holds. Idempotent; returns the events deleted.
   * Adapters that provide the `PersonStore` too may omit it (`composeStorage` requires it otherwise).
   */
  deletePersonEvents?(person: PersonEventsRef): Promise<number>;
}
