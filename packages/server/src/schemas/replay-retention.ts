/** Days a recorded session is kept after its last moment when the project sets none (`settings.replay_retention_days`). */
export const DEFAULT_REPLAY_RETENTION_DAYS = 30;
/** The longest retention a project may set: ten years. */
export const MAX_REPLAY_RETENTION_DAYS = 3_650;

export function isRetentionDays(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_REPLAY_RETENTION_DAYS;
}

/** A project's replay retention in days: its setting when valid, else the default. */
export function replayRetentionDays(settings: Readonly<Record<string, unknown>>): number {
  const days = settings.replay_retention_days;
  return isRetentionDays(days) ? days : DEFAULT_REPLAY_RETENTION_DAYS;
}
