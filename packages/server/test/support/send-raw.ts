import { connect } from 'node:net';
import { readAnswer } from './test-server.js';

export interface RawAnswer {
  status: number;
  /** Parsed JSON, or the text when it is not JSON. */
  body: unknown;
  headers: Headers;
}

/** POSTs exactly these bytes with exactly these headers (no JSON encoding, no default Content-Type). */
export async function sendRaw(url: string, body: string | Uint8Array, headers: Record<string, string>): Promise<RawAnswer> {
  const response = await fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
  return readAnswer(response);
}

/**
 * Sends a request head and `sent` bytes of a body that claims `contentLength` bytes, then hangs up:
 * what a client that crashes mid-upload does. Resolves once the socket is closed.
 */
export function sendTruncated(url: string, headers: Record<string, string>, contentLength: number, sent: string): Promise<void> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      const head = Object.entries({ ...headers, Host: `${hostname}:${port}`, 'Content-Length': String(contentLength) })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST ${pathname} HTTP/1.1\r\n${head}\r\n${sent}`);
      setTimeout(() => socket.destroy(), 50);
    });
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
  });
}
