import type { StoragePorts } from '../ports/index.js';

/**
 * Deletes what every data port holds of a project (events and their rollups, replay chunks, device
 * links and user properties), each port once; the configuration is left to the caller. Returns the
 * events deleted. Each step is idempotent, so a retry after a failure finishes the job.
 */
export async function deleteProjectData(ports: Pick<StoragePorts, 'eventLog' | 'replays' | 'people'>, projectId: number): Promise<number> {
  const events = await ports.eventLog.deleteProject(projectId);
  await ports.replays.deleteProject(projectId);
  await ports.people.deleteProject(projectId);
  return events;
}
