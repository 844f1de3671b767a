import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNodeScript } from './node-process.js';
import type { NodeProcess } from './node-process.js';
import type { DemoProject } from './server.js';

const CLI = fileURLToPath(new URL('../../../packages/cli/dist/cli.js', import.meta.url));

export interface CliServer {
  process: NodeProcess;
  demo: DemoProject;
  /** SIGKILL: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful way. */
  stop(): Promise<void>;
}

/**
 * Starts the built CLI (what `npm start` runs) on a free port with the given data directory, which
 * the caller keeps across restarts. `DATABASE_URL` unset means the CLI's default SQLite file there.
 */
export async function startCli(dataDir: string, env: Record<string, string> = {}): Promise<CliServer> {
  const child = startNodeScript(CLI, { PORT: '0', HOST: '127.0.0.1', NORTHSTAR_DATA_DIR: dataDir, ...env });
  const kill = (): Promise<void> => {
    if (child.child.exitCode !== null || child.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.child.once('exit', () => resolve());
      child.child.kill('SIGKILL');
    });
  };
  try {
    await child.waitFor(/Saved to\s+\S*demo\.json/);
    const demo = JSON.parse(await readFile(join(dataDir, 'demo.json'), 'utf8')) as DemoProject;
    return { process: child, demo, kill, stop: child.stop };
  } catch (error) {
    await kill();
    throw error;
  }
}

/** Starts `northstar-server worker` (no HTTP) on the given environment; resolves once its job consumers run. */
export async function startCliWorker(env: Record<string, string>): Promise<NodeProcess> {
  const child = startNodeScript(CLI, env, ['worker']);
  try {
    await child.waitFor(/Job consumers/);
    return child;
  } catch (error) {
    child.child.kill('SIGKILL');
    throw error;
  }
}

/** Runs a one-shot CLI command (`migrate`, `bootstrap --json`) and returns its exit code and output. */
export async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}
