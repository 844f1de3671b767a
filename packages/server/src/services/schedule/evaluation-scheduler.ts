import type { ConfigStore, JobConsumer, JobHandler, JobQueue } from '../../ports/index.js';
import type { NorthstarLogger } from '../../ports/logger.js';
import { alertSchema } from '../../schemas/documents/alert.js';
import type { AlertService } from '../alerts/alert-service.js';
import { lastCompleteWindow } from '../alerts/alert-window.js';
import type { ExperimentService } from '../experiments/experiment-service.js';
import { listAllDocuments } from '../list-all-documents.js';

/** Queues of the scheduled evaluations (docs/alerts-experiments.md). */
export const EVALUATION_QUEUES = { tick: 'evaluation.tick', alert: 'alert.evaluate', experiment: 'experiment.evaluate' } as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** An evaluation that failed (storage down) is tried again after this long. */
const RETRY_MS = MINUTE;

export interface EvaluationSchedulerDeps {
  config: ConfigStore;
  jobs: JobQueue;
  alerts: AlertService;
  experiments: ExperimentService;
  clock: () => number;
  logger: NorthstarLogger;
}

/** Visits every project, in id order, a page at a time. */
export async function forEachProject(config: ConfigStore, visit: (projectId: number) => Promise<void>): Promise<void> {
  let after: number | undefined;
  for (;;) {
    const page = await config.listProjects({ limit: 100, ...(after !== undefined && { after }) });
    for (const project of page.items) await visit(project.id);
    if (page.next === null || page.items.length === 0) return;
    after = page.next;
  }
}

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

/**
 * Schedules every due evaluation, once a minute: a tick job enqueues `alert.evaluate` for each active
 * alert's last completed window and `experiment.evaluate` for each running experiment's current hour,
 * each with an idempotency key naming its slot, then enqueues the next tick (keyed by its minute, so
 * the ticks of several workers merge into one chain). Evaluating a slot twice is harmless anyway: the
 * state documents make the second one skip.
 */
export async function scheduleDueEvaluations(deps: EvaluationSchedulerDeps, now: number): Promise<void> {
  const { config, jobs } = deps;
  await forEachProject(config, async (projectId) => {
    for (const record of await listAllDocuments(config, projectId, 'alert')) {
      const alert = alertSchema.safeParse(record.data);
      if (!alert.success || !alert.data.active) continue;
      const window = lastCompleteWindow(alert.data.interval, now);
      await jobs.enqueue({
        queue: EVALUATION_QUEUES.alert,
        payload: { projectId, alertId: record.id, at: window.to },
        idempotencyKey: `alert:${record.id}:${window.to}`,
      });
    }
    for (const record of await listAllDocuments(config, projectId, 'experiment')) {
      if (record.data.status !== 'running') continue;
      const hour = Math.floor(now / HOUR) * HOUR;
      await jobs.enqueue({
        queue: EVALUATION_QUEUES.experiment,
        payload: { projectId, experimentId: record.id },
        idempotencyKey: `experiment:${record.id}:${hour}`,
      });
    }
  });
}

/** Enqueues the tick of the minute after `now` (or of `now`'s minute, to start the chain). */
export function enqueueTick(jobs: JobQueue, now: number, next: boolean): Promise<unknown> {
  const minute = Math.floor(now / MINUTE) * MINUTE + (next ? MINUTE : 0);
  return jobs.enqueue({ queue: EVALUATION_QUEUES.tick, payload: { minute }, delayMs: Math.max(0, minute - now), idempotencyKey: `tick:${minute}` });
}

/** Starts the three consumers; the returned function stops them. */
export async function startEvaluationScheduler(deps: EvaluationSchedulerDeps): Promise<() => Promise<void>> {
  const { jobs, logger } = deps;
  const guarded =
    (name: string, run: JobHandler): JobHandler =>
    async (job) => {
      try {
        return await run(job);
      } catch (error) {
        logger.error(`[northstar] ${name} failed; retrying in ${RETRY_MS / 1000} s`, error);
        return { retryInMs: RETRY_MS };
      }
    };
  const consumers: JobConsumer[] = [
    jobs.consume(
      EVALUATION_QUEUES.tick,
      guarded('evaluation tick', async () => {
        const now = deps.clock();
        await scheduleDueEvaluations(deps, now);
        await enqueueTick(jobs, now, true);
        return { ack: true };
      }),
    ),
    jobs.consume(
      EVALUATION_QUEUES.alert,
      guarded('alert evaluation', async (job) => {
        const projectId = numberOf(job.payload.projectId);
        const alertId = numberOf(job.payload.alertId);
        if (projectId === undefined || alertId === undefined) return { fail: 'payload needs projectId and alertId' };
        // `at` is the end of the slot: the evaluation measures the window that ended then, however late it runs.
        await deps.alerts.evaluate(projectId, alertId, numberOf(job.payload.at));
        return { ack: true };
      }),
    ),
    jobs.consume(
      EVALUATION_QUEUES.experiment,
      guarded('experiment evaluation', async (job) => {
        const projectId = numberOf(job.payload.projectId);
        const experimentId = numberOf(job.payload.experimentId);
        if (projectId === undefined || experimentId === undefined) return { fail: 'payload needs projectId and experimentId' };
        await deps.experiments.evaluate(projectId, experimentId);
        return { ack: true };
      }),
    ),
  ];
  await enqueueTick(jobs, deps.clock(), false);
  return async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
  };
}
