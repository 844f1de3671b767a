import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Starts a bench server script in its own process (so it does not share a core with the client).
 * `stop()` ends it with SIGTERM and resolves once it has exited (its storage disposed).
 */
export function startBenchServer(script, env = {}) {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server processes.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, fileURLToPath(new URL(`./servers/${script}.mjs`, import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout.once('data', (chunk) => {
      const { port, key } = JSON.parse(chunk.toString());
      const stop = () => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.kill('SIGTERM');
        return exited.then(() => clearTimeout(kill));
      };
      resolve({ port, key, stop });
    });
  });
}
