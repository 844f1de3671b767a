import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts a bench server script in its own process (so it does not share a core with autocannon). */
export function startBenchServer(script) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(`./servers/${script}.mjs`, import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout.once('data', (chunk) => {
      const { port, key } = JSON.parse(chunk.toString());
      resolve({ port, key, stop: () => child.kill() });
    });
  });
}
