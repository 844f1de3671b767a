import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DemoProject } from '@northstar/server/app';

export interface DemoFile extends DemoProject {
  url: string;
}

/** Writes `demo.json` (keys included, so owner-only: 0600) into `dir`, creating it; returns the file path. */
export async function writeDemoFile(dir: string, demo: DemoFile): Promise<string> {
  const absolute = resolve(dir);
  await mkdir(absolute, { recursive: true, mode: 0o700 });
  const path = join(absolute, 'demo.json');
  await writeFile(path, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created; an older file keeps its mode without this.
  await chmod(path, 0o600);
  return path;
}
