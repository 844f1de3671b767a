import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./host-app/', import.meta.url));

/** The workspace packages a host app of the router installs: the server and what it depends on. */
const HOST_PACKAGES = ['packages/core', 'packages/browser', 'packages/server', 'adapters/memory', 'adapters/sql'];

/** `npm pack`s the built workspace packages into `destination`; answers package name → tarball path. */
export async function packWorkspaces(destination: string): Promise<Record<string, string>> {
  const workspaces = HOST_PACKAGES.flatMap((dir) => ['-w', dir]);
  const { stdout } = await run('npm', ['pack', ...workspaces, '--pack-destination', destination, '--json', '--silent'], { cwd: ROOT });
  const packed = JSON.parse(stdout) as { name: string; filename: string }[];
  return Object.fromEntries(packed.map(({ name, filename }) => [name, join(destination, filename)]));
}

/**
 * A fresh host app in `dir`: the tarballs and `dependencies` (e.g. express 4 and its @types) installed
 * from the npm registry, with the fixtures `server.mjs` and `host.ts`. Install scripts are not run: a
 * router-only host on memory storage needs no native module.
 */
export async function installHostApp(dir: string, tarballs: Record<string, string>, dependencies: Record<string, string>): Promise<void> {
  const local = Object.fromEntries(Object.entries(tarballs).map(([name, path]) => [name, `file:${path}`]));
  const manifest = { name: 'host-app', private: true, type: 'module', dependencies: { ...local, ...dependencies }, overrides: local };
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  await Promise.all(['server.mjs', 'host.ts'].map((file) => copyFile(join(FIXTURES, file), join(dir, file))));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error'], { cwd: dir, timeout: 120_000 });
}

export interface RunningScript {
  /** The groups of the first match of `ready` in what the script printed. */
  match: RegExpMatchArray;
  /** Everything the script wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Runs `node <file>` in `dir`; resolves once its stdout matches `ready`, fails if it exits or takes 20 s. */
export function startScript(dir: string, file: string, ready: RegExp, env: Record<string, string> = {}): Promise<RunningScript> {
  const child: ChildProcess = spawn(process.execPath, [file], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start: ${stdout}${stderr}`)), 20_000);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}: ${stdout}${stderr}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = ready.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      resolve({ match, stderr: () => stderr, stop });
    });
  });
}

export interface RunningHostApp {
  url: string;
  pk: string;
  sk: string;
  project_id: number;
  /** Everything the app wrote to stderr so far (its error handler and the router's logger write there). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the host app's `server.mjs` on a free port; resolves once it printed its port and keys. */
export async function startHostApp(dir: string): Promise<RunningHostApp> {
  const { match, stderr, stop } = await startScript(dir, 'server.mjs', /^(\{.*\})$/m);
  const { port, ...demo } = JSON.parse(match[1]!) as { port: number; pk: string; sk: string; project_id: number };
  return { url: `http://127.0.0.1:${port}`, ...demo, stderr, stop };
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Type-checks the app's `host.ts` with the repository's TypeScript against the app's own `@types`. */
export async function typecheckHost(dir: string): Promise<void> {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const args = [tsc, '--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'es2022', '--skipLibCheck', 'false', 'host.ts'];
  await run(process.execPath, args, { cwd: dir });
}

/** Resolves once something accepts connections on `port` of 127.0.0.1; fails after 10 s. */
export async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(true)).once('error', () => resolve(false));
      socket.once('connect', () => socket.destroy());
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
