/** One tracked event as sent to `POST /v1/track` (spec 2.1). */
export interface TrackedEvent {
  /** Free-form for custom events; system events start with `$`. Required. */
  event_name: string;
  /** At least one of `user_id` and `device_id` is required. */
  user_id?: string;
  device_id?: string;
  session_id?: string;
  /** ISO 8601 UTC. The server uses the receive time when absent. */
  timestamp?: string;
  /** Idempotency key (UUID). The server assigns one when absent; a retried event keeps its own. */
  uuid?: string;
  /** ISO 8601 UTC time the client sent the request; corrects client clock skew. */
  sent_at?: string;
  str_properties?: Record<string, string>;
  num_properties?: Record<string, number>;
}

/** Body of `POST /v1/track` carrying several events at once. */
export interface TrackBatch {
  batch: TrackedEvent[];
  /** Applies to every event in the batch that has no `sent_at` of its own. */
  sent_at?: string;
}

export type TrackRequestBody = TrackedEvent | TrackBatch;

export interface RejectedEvent {
  /** Position of the event in the request (0 for a single-event body). */
  index: number;
  error: string;
}

/** Response of `POST /v1/track`: every valid event is kept even when others are rejected. */
export interface TrackResponse {
  accepted: number;
  rejected: RejectedEvent[];
}

/** `POST /v1/identify`: links a device to a user. */
export interface IdentifyRequest {
  device_id: string;
  user_id: string;
  /** Merged into the user's properties; `null` deletes one. The browser SDK sends strings only. */
  user_properties?: Record<string, string | number | boolean | null>;
  /** Uuid of the `$identify` event the server records; the SDK's own `$identify` event carries the same one. */
  uuid?: string;
}
