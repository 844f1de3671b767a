import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { authenticateApiKey, seedDemoProject } from '@northstar/server/app';
import type { DemoProject, ProjectPlan, StorageAdapter } from '@northstar/server/app';

export interface DemoProjectChoice {
  demo: DemoProject;
  /** True when the project of an earlier `demo.json` was found in the database and kept. */
  reused: boolean;
}

async function readDemoKeys(dataDir: string): Promise<DemoProject | undefined> {
  try {
    const parsed = JSON.parse(await readFile(join(resolve(dataDir), 'demo.json'), 'utf8')) as Partial<DemoProject>;
    const { project_id, pk, sk } = parsed;
    return typeof project_id === 'number' && typeof pk === 'string' && typeof sk === 'string' ? { project_id, pk, sk } : undefined;
  } catch {
    return undefined;
  }
}

/** Both keys still authenticate, with the right kinds, for the project demo.json names. */
async function stillValid(storage: StorageAdapter, demo: DemoProject): Promise<boolean> {
  const pk = await authenticateApiKey(storage.config, demo.pk);
  const sk = await authenticateApiKey(storage.config, demo.sk);
  return pk?.kind === 'pk' && sk?.kind === 'sk' && pk.project_id === demo.project_id && sk.project_id === demo.project_id;
}

/**
 * The demo project of the CLI: the one whose keys `<dataDir>/demo.json` holds when they still
 * authenticate against this database (so a persistent database does not gain a project per start),
 * else a new one of `plan` (a kept project keeps the plan it has). The database only ever holds the keys' hashes.
 */
export async function ensureDemoProject(storage: StorageAdapter, dataDir: string, plan?: ProjectPlan): Promise<DemoProjectChoice> {
  const previous = await readDemoKeys(dataDir);
  if (previous && (await stillValid(storage, previous))) return { demo: previous, reused: true };
  return { demo: await seedDemoProject(storage, plan), reused: false };
}
