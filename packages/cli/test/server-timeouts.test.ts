import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../src/start-server.js';
import type { RunningServer, StartServerOptions } from '../src/start-server.js';
import { serverSandbox } from './support/server-sandbox.js';

// Slow clients cannot hold the CLI server's sockets (docs/decisions.md, "Timeouts of the standalone server").
const sandbox = serverSandbox('northstar-timeouts-');
const start = (timeouts?: StartServerOptions['timeouts']): Promise<RunningServer> => sandbox.start({ timeouts });

/** Opens a connection, runs `talk` on it, and resolves with the ms until the server closed it (or `giveUpMs`). */
function closedAfter(url: string, talk: (write: (text: string) => void) => void, giveUpMs: number): Promise<{ ms: number; answer: string }> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => talk((text) => socket.writable && socket.write(text)));
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ms: Date.now() - started, answer });
    };
    socket.on('data', (data: Buffer) => (answer += data.toString()));
    socket.on('close', done);
    socket.on('error', done);
    const timer = setTimeout(done, giveUpMs);
  });
}

describe('timeouts of the northstar-server HTTP server', () => {
  it('sets header, request and keep-alive timeouts by default', async () => {
    const { server } = await start();
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect(SERVER_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
  });

  it('closes a connection whose client sends its headers one byte at a time, forever', async () => {
    const { url } = await start({ headersMs: 500, requestMs: 1_000 });
    let interval: NodeJS.Timeout | undefined;
    const result = await closedAfter(
      url,
      (write) => {
        write('GET /v1/openapi.json HTTP/1.1\r\nHost: x\r\n');
        interval = setInterval(() => write('X'), 50);
      },
      5_000,
    );
    clearInterval(interval);
    expect(result.ms).toBeLessThan(3_000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose body trickles in slower than the request timeout', async () => {
    const { url, demo } = await start({ headersMs: 500, requestMs: 1_000 });
    let interval: NodeJS.Timeout | undefined;
    const result = await closedAfter(
      url,
      (write) => {
        write(`POST /v1/track HTTP/1.1\r\nHost: x\r\nX-API-Key: ${demo.pk}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`);
        interval = setInterval(() => write('{'), 50);
      },
      5_000,
    );
    clearInterval(interval);
    expect(result.ms).toBeLessThan(3_500);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const { url } = await start({ keepAliveMs: 300 });
    const result = await closedAfter(url, (write) => write('GET /v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'), 4_500);
    expect(result.answer).toMatch(/^HTTP\/1\.1 200 /);
    // Node's default would keep it 5 s; Node adds up to a second of its own buffer to the timeout.
    expect(result.ms).toBeLessThan(3_000);
  });
});
