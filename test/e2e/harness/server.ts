import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the CLI writes to `<data dir>/demo.json` once it listens. */
export interface DemoProject {
  project_id: number;
  pk: string;
  sk: string;
  url: string;
}

export interface RunningServer {
  demo: DemoProject;
  /** Everything the process printed so far, for assertions and failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const CLI = fileURLToPath(new URL('../../../packages/server/dist/cli.js', import.meta.url));
const START_TIMEOUT_MS = 20_000;

/** Starts the built `northstar-server` CLI on a free port with its own data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'northstar-e2e-'));
  const child = spawn(process.execPath, [CLI], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NORTHSTAR_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const demo = await waitForDemo(join(dataDir, 'demo.json'), child, () => output);
    return { demo, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForDemo(path: string, child: ChildProcess, output: () => string): Promise<DemoProject> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`northstar-server exited with ${child.exitCode}:\n${output()}`);
    try {
      return JSON.parse(await readFile(path, 'utf8')) as DemoProject;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`northstar-server did not write ${path} within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
