import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type * as Sdk from '../src/index.js';
import { API_KEY, HOST, identifies, names, server, useApi } from './msw-api.js';

useApi();

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The SDK and @northstar/core bundled for a "neutral" platform: esbuild resolves no Node built-in
 * there, so an import of one (`node:crypto`, `fs`, ...) anywhere in the graph fails the build.
 */
async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [source('../src/index.ts')],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'iife',
    globalName: 'NorthstarSdk',
    target: 'es2022',
    alias: { '@northstar/core': source('../../core/src/index.ts') },
    define: { __NS_DEBUG__: 'false' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * A context with only what an edge runtime (Cloudflare Workers, Vercel Edge, Deno) gives: fetch and
 * the web globals, timers whose ids are numbers, and no `process`, `require`, `Buffer` or module loader.
 * The outer `fetch` is passed in, so msw answers it.
 */
function edgeContext(): Record<string, unknown> {
  const timers = {
    setTimeout: (fn: () => void, ms?: number) => Number(setTimeout(fn, ms)),
    clearTimeout: (id?: number) => clearTimeout(id),
  };
  return createContext({
    ...timers,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
    Request,
    Response,
    Headers,
    AbortController,
    AbortSignal,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    crypto: globalThis.crypto,
    structuredClone,
    queueMicrotask,
    console,
  });
}

describe('in a runtime with only fetch and the web globals', () => {
  it('bundles with no Node built-in and runs: track, identify, flags, shutdown', async () => {
    const code = await bundle();
    expect(code).not.toMatch(/\brequire\(|from ["']node:/);
    const context = edgeContext();
    expect(runInContext('[typeof process, typeof require, typeof Buffer, typeof setImmediate]', context)).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
    server.use(http.post(`${HOST}/v1/flags/evaluate`, () => HttpResponse.json({ flags: { 'new-checkout': 'test' } })));

    runInContext(code, context);
    const sdk = context.NorthstarSdk as typeof Sdk;
    const client = new sdk.Northstar({ apiKey: API_KEY, host: HOST });
    client.track({ event: 'edge_event', userId: 'user-1', properties: { plan: 'pro' } });
    client.identify({ userId: 'user-1', deviceId: 'device-1' });
    expect(await client.getFeatureFlag('new-checkout', { userId: 'user-1' })).toBe('test');
    const report = await client.shutdown({ timeoutMs: 10_000 });

    expect(report).toMatchObject({ undelivered: [], complete: true });
    expect(names()).toEqual(['edge_event', '$identify', '$feature_flag_called']);
    expect(identifies).toHaveLength(1);
  });
});
