import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { storageFromUrl } from './storage/storage-from-url.js';
import { ensureDemoProject } from './demo-project.js';
import { writeDemoFile } from './demo-file.js';
import type { DemoFile } from './demo-file.js';
import { demoAssets, demoRoutes } from './demo-routes.js';
import type { DemoAssets } from './demo-routes.js';
import { queryCurl } from './query-curl.js';
import { createNorthstarRouter } from '@northstar/server';
import { createNorthstarApp } from '@northstar/server/app';
import type { NorthstarRouterOptions } from '@northstar/server';
import type { StorageAdapter } from '@northstar/server/app';

export interface StartServerOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Directory of `demo.json`. */
  dataDir: string;
  /** Already migrated. @default the memory storage of `@northstar/adapter-memory` (`memory:`) */
  storage?: StorageAdapter;
  /** How long `close()` lets requests in progress finish before ending their connections. @default 5000 */
  drainMs?: number;
  /** How long a client may take to send its headers, its whole request, and stay idle between requests. @default SERVER_TIMEOUTS */
  timeouts?: Partial<ServerTimeouts>;
  /** Passed to the router (e.g. `sdkScriptPath`, `logger`). */
  router?: Omit<NorthstarRouterOptions, 'storage'>;
  /**
   * Run the app's background workers (webhook delivery) in this process too, as `northstar-server
   * worker` does; off when separate worker processes do it (`NORTHSTAR_WORKERS=off`). @default true
   */
  workers?: boolean;
}

export interface ServerTimeouts {
  /** Node's `headersTimeout`: the request head must arrive within this, or 408 and the socket closes. */
  headersMs: number;
  /** Node's `requestTimeout`: the whole request, body included. */
  requestMs: number;
  /** Node's `keepAliveTimeout`: an idle kept-alive connection closes after this. */
  keepAliveMs: number;
}

/** Timeouts of the standalone server, so that slow clients cannot hold sockets (docs/decisions.md). */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** An HTTP server for `app` that enforces `timeouts`, checked at least every second (Node's default: 30 s). */
function createTimedServer(app: RequestListener, timeouts: ServerTimeouts): Server {
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs) }, app);
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = Math.max(timeouts.requestMs, timeouts.headersMs);
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
  url: string;
  demo: DemoFile;
  /** True when the demo project of an earlier `demo.json` was still in the database and kept. */
  demoReused: boolean;
  demoFile: string;
  server: Server;
  /** Stops accepting requests, ends open connections, closes the app, disposes storage. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * The standalone server of the CLI: demo page at `/`, the router at `/`, a seeded demo project. It owns
 * the storage from the call on: `close()` disposes it, and so does a start that fails (a port in use),
 * so that the process can exit instead of hanging on an open pool.
 */
export async function startNorthstarServer(options: StartServerOptions): Promise<RunningServer> {
  const storage = options.storage ?? (await storageFromUrl('memory:')).storage;
  try {
    return await serve(options, storage);
  } catch (error) {
    await storage.dispose().catch(() => undefined);
    throw error;
  }
}

async function serve(options: StartServerOptions, storage: StorageAdapter): Promise<RunningServer> {
  const { demo: seeded, reused } = await ensureDemoProject(storage, options.dataDir, options.router?.defaultPlan);
  let assets: DemoAssets | undefined = undefined;

  const app = express();
  app.disable('x-powered-by');
  app.use(demoRoutes(() => assets));
  const northstar = createNorthstarApp({ ...options.router, storage });
  app.use(createNorthstarRouter(northstar, options.router));

  const server = createTimedServer(app, { ...SERVER_TIMEOUTS, ...options.timeouts });
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    await northstar.close();
    throw error;
  }
  if (options.workers !== false) await northstar.workers.start();
  const url = `http://${urlHost(options.host)}:${(server.address() as AddressInfo).port}`;
  assets = demoAssets({ pk: seeded.pk, endpoint: url, curl: queryCurl(url, seeded.project_id, '$NORTHSTAR_SK') });
  const demo: DemoFile = { ...seeded, url };

  // The server and the app; the storage is disposed by close(), or by startNorthstarServer on a failed start.
  const stop = async (): Promise<void> => {
    // Requests in progress (their group commit included) may finish; idle keep-alive sockets go now.
    const drain = setTimeout(() => server.closeAllConnections(), options.drainMs ?? 5_000);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(drain);
    await northstar.close();
  };
  const close = async (): Promise<void> => {
    await stop();
    await storage.dispose();
  };
  let demoFile: string;
  try {
    demoFile = await writeDemoFile(options.dataDir, demo);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, demo, demoReused: reused, demoFile, server, close };
}
