import type { ConfigStore, JobQueue, ReplayStore } from '../../ports/index.js';
import type { NorthstarLogger } from '../../ports/logger.js';
import { replayRetentionDays } from '../../schemas/replay-retention.js';
import { forEachProject } from './evaluation-scheduler.js';

/** The queue of the retention ticks (docs/replay-server.md). */
export const REPLAY_RETENTION_QUEUE = 'replay.retention';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A tick that failed (storage down) is tried again after this long. */
const RETRY_MS = 60_000;
/** Sessions deleted per store call: short transactions, a bounded undo log. */
const BATCH = 500;

export interface ReplayRetentionDeps {
  config: ConfigStore;
  replays: ReplayStore;
  jobs: JobQueue;
  clock: () => number;
  logger: NorthstarLogger;
}

/** Deletes the project's sessions that ended more than its retention ago; returns how many. */
export async function expireProjectReplays(deps: Pick<ReplayRetentionDeps, 'config' | 'replays'>, projectId: number, now: number): Promise<number> {
  const project = await deps.config.getProject(projectId);
  if (!project) return 0;
  const before = now - replayRetentionDays(project.settings) * DAY;
  let deleted = 0;
  for (;;) {
    const count = await deps.replays.deleteReplaySessionsEndedBefore(projectId, before, BATCH);
    deleted += count;
    if (count < BATCH) return deleted;
  }
}

/** Expires the sessions of every project; returns how many were deleted. */
export async function expireReplays(deps: Pick<ReplayRetentionDeps, 'config' | 'replays'>, now: number): Promise<number> {
  let deleted = 0;
  await forEachProject(deps.config, async (projectId) => {
    deleted += await expireProjectReplays(deps, projectId, now);
  });
  return deleted;
}

/** Enqueues the tick of the hour after `now` (or of `now`'s hour, to start the chain), keyed by it so several workers share one chain. */
function enqueueTick(jobs: JobQueue, now: number, next: boolean): Promise<unknown> {
  const hour = Math.floor(now / HOUR) * HOUR + (next ? HOUR : 0);
  return jobs.enqueue({ queue: REPLAY_RETENTION_QUEUE, payload: { hour }, delayMs: Math.max(0, hour - now), idempotencyKey: `replay-retention:${hour}` });
}

/**
 * Retention of recorded sessions: a tick an hour (through the job queue, so one worker runs it however
 * many are started) deletes, in every project, the sessions that ended more than its
 * `settings.replay_retention_days` ago (default 30), then enqueues the next tick. The first tick runs
 * when the worker starts.
 */
export async function startReplayRetention(deps: ReplayRetentionDeps): Promise<() => Promise<void>> {
  const { jobs, logger } = deps;
  const consumer = jobs.consume(REPLAY_RETENTION_QUEUE, async () => {
    const now = deps.clock();
    try {
      const deleted = await expireReplays(deps, now);
      if (deleted > 0) logger.info?.(`[northstar] replay retention deleted ${deleted} session(s)`);
    } catch (error) {
      logger.error(`[northstar] replay retention failed; retrying in ${RETRY_MS / 1000} s`, error);
      return { retryInMs: RETRY_MS };
    }
    await enqueueTick(jobs, now, true);
    return { ack: true };
  });
  await enqueueTick(jobs, deps.clock(), false);
  return () => consumer.stop();
}
