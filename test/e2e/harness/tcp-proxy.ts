import { createServer, connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface TcpProxy {
  /** Local port that forwards to the target. */
  port: number;
  /** The database is gone: every open connection is reset, new ones are reset on arrival. */
  cut(): void;
  /** The database hangs: connections stay open but no byte passes, in either direction. */
  stall(): void;
  /** Forwards new connections again; connections held by `stall()` are reset (their peer is gone). */
  restore(): void;
  close(): Promise<void>;
}

type Mode = 'open' | 'cut' | 'stalled';

/** A TCP proxy a test controls, to take a database away from a server and give it back. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: Mode = 'open';
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    track(client);
    if (mode === 'stalled') return;
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const resetAll = (): void => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      mode = 'cut';
      resetAll();
    },
    stall() {
      mode = 'stalled';
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    restore() {
      if (mode === 'stalled') resetAll();
      mode = 'open';
    },
    close: () =>
      new Promise<void>((resolve) => {
        resetAll();
        server.close(() => resolve());
      }),
  };
}
