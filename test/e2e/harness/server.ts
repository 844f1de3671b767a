import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNodeScript } from './node-process.js';

/** What the CLI writes to `<data dir>/demo.json` once it listens. */
export interface DemoProject {
  project_id: number;
  pk: string;
  sk: string;
  /** Base URL under which the router is mounted. */
  url: string;
}

export interface RunningServer {
  demo: DemoProject;
  output(): string;
  stop(): Promise<void>;
}

const CLI = fileURLToPath(new URL('../../../packages/cli/dist/cli.js', import.meta.url));

/** Starts the built `northstar-server` CLI (what `npm start` runs) on a free port with its own data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'northstar-e2e-'));
  const process = startNodeScript(CLI, { PORT: '0', HOST: '127.0.0.1', NORTHSTAR_DATA_DIR: dataDir, ...env });
  const stop = async () => {
    await process.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await process.waitFor(/demo\.json/);
    const demo = JSON.parse(await readFile(join(dataDir, 'demo.json'), 'utf8')) as DemoProject;
    return { demo, output: process.output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
