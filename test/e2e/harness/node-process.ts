import { spawn, type ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

export interface NodeProcess {
  child: ChildProcess;
  /** Everything the process printed so far, without terminal colour codes (tools colour their output when `CI` is set). */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

/** Runs a Node script (with `args`) as its own process, collecting what it prints. */
export function startNodeScript(script: string, env: Record<string, string>, args: readonly string[] = []): NodeProcess {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString()));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const waitFor = async (pattern: RegExp, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = output.match(pattern);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`${script} printed no ${pattern} within ${timeoutMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, output: () => output, waitFor, stop: () => stopProcess(child) };
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
