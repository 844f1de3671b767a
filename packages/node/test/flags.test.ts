import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { FlagDefinition, FlagsEvaluateRequest, FlagTestVectors } from '@northstar/core';
import { HOST, names, server, startClient, useApi } from './msw-api.js';

useApi();

/** The flag test vectors every SDK of the repository runs (docs/flags.md). */
const flagVectors = JSON.parse(readFileSync(new URL('../../../test/vectors/flags.json', import.meta.url), 'utf8')) as FlagTestVectors;

const SECRET = 'sk_test_read';
const PROJECT = 7;
const LIST_URL = `${HOST}/v1/projects/${PROJECT}/flags`;

/** `GET /v1/projects/7/flags` answering these flags in pages of `pageSize`, as the API does (`?after=`, `next`). */
function serveFlags(flags: FlagDefinition[], pageSize = 100): { listed: string[] } {
  const listed: string[] = [];
  server.use(
    http.get(LIST_URL, ({ request }) => {
      const url = new URL(request.url);
      listed.push(url.search);
      if (request.headers.get('authorization') !== `Bearer ${SECRET}`) return HttpResponse.json({ error: 'no' }, { status: 401 });
      const after = Number(url.searchParams.get('after') ?? 0);
      const items = flags.map((flag, i) => ({ id: i + 1, project_id: PROJECT, version: 1, ...flag })).filter((item) => item.id > after);
      const page = items.slice(0, Math.min(pageSize, Number(url.searchParams.get('limit'))));
      return HttpResponse.json({ items: page, next: items.length > page.length ? (page.at(-1)?.id ?? null) : null });
    }),
  );
  return { listed };
}

/** `POST /v1/flags/evaluate` answering `value` for every key asked, recording the bodies. */
function serveRemote(value: string | boolean): FlagsEvaluateRequest[] {
  const bodies: FlagsEvaluateRequest[] = [];
  server.use(
    http.post(`${HOST}/v1/flags/evaluate`, async ({ request }) => {
      const body = (await request.json()) as FlagsEvaluateRequest;
      bodies.push(body);
      return HttpResponse.json({ flags: Object.fromEntries((body.keys ?? ['remote-only']).map((key) => [key, value])) });
    }),
  );
  return bodies;
}

const local = (options = {}) => startClient({ secretKey: SECRET, projectId: PROJECT, sendFeatureFlagEvents: false, ...options });

describe('local evaluation', () => {
  it.each(flagVectors.evaluations)('$description (test/vectors/flags.json)', async ({ flag, person, expected }) => {
    serveFlags([flag]);
    const client = local();
    await client.reloadFeatureFlags();
    expect(await client.getFeatureFlag(flag.key, { userId: person.id, userProperties: person.properties, onlyLocal: true })).toEqual(expected.value);
  });

  it('reads every page of the definitions with the secret key, and asks the server nothing', async () => {
    const flags = Array.from({ length: 150 }, (_, i): FlagDefinition => ({ key: `f${i}`, active: true, rollout_percentage: 100, variants: [], targeting: {} }));
    const { listed } = serveFlags(flags);
    const remote = serveRemote('nope');
    const client = local();
    await client.reloadFeatureFlags();
    expect(listed.slice(-2)).toEqual(['?limit=100', '?limit=100&after=100']);
    expect(await client.getFeatureFlag('f149', { userId: 'u' })).toBe(true);
    expect(await client.getFeatureFlag('missing', { userId: 'u' })).toBe(false);
    expect(Object.keys(await client.getAllFlags({ userId: 'u' }))).toHaveLength(150);
    expect(remote).toEqual([]);
  });

  it("asks the server about a flag whose rules name a property the call did not give (the user's stored ones are there)", async () => {
    serveFlags([
      { key: 'pro-only', active: true, rollout_percentage: 100, variants: [], targeting: { user_properties: [{ property: 'plan', op: 'eq', value: 'pro' }] } },
    ]);
    const remote = serveRemote(true);
    const client = local();
    await client.reloadFeatureFlags();
    expect(await client.getFeatureFlag('pro-only', { userId: 'u', userProperties: { plan: 'free' } })).toBe(false);
    expect(remote).toHaveLength(0);
    expect(await client.getFeatureFlag('pro-only', { userId: 'u' })).toBe(true);
    expect(remote).toEqual([{ keys: ['pro-only'], user_id: 'u' }]);
    // A device alone has no stored properties: what the call gives is all there is.
    expect(await client.getFeatureFlag('pro-only', { deviceId: 'd' })).toBe(false);
    expect(remote).toHaveLength(1);
  });

  it('asks the server until the definitions could be fetched', async () => {
    server.use(http.get(LIST_URL, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    const remote = serveRemote('test');
    const client = local();
    await client.reloadFeatureFlags();
    expect(await client.getFeatureFlag('pricing', { userId: 'u' })).toBe('test');
    expect(await client.getFeatureFlag('pricing', { userId: 'u', onlyLocal: true })).toBe(false);
    expect(remote).toHaveLength(1);
  });
});

describe('remote evaluation', () => {
  it('posts the key, the person and the properties with the SDK key', async () => {
    const remote = serveRemote('test');
    const client = startClient({ sendFeatureFlagEvents: false });
    expect(await client.getFeatureFlag('pricing', { userId: 'u', deviceId: 'd', userProperties: { plan: 'pro' } })).toBe('test');
    expect(await client.isFeatureEnabled('pricing', { userId: 'u' })).toBe(true);
    expect(remote[0]).toEqual({ keys: ['pricing'], user_id: 'u', device_id: 'd', user_properties: { plan: 'pro' } });
  });

  it('is false when the server fails or there is no person', async () => {
    server.use(http.post(`${HOST}/v1/flags/evaluate`, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    const client = startClient();
    expect(await client.getFeatureFlag('pricing', { userId: 'u' })).toBe(false);
    expect(await client.getFeatureFlag('pricing', {})).toBe(false);
    expect(await client.getAllFlags({ userId: 'u' })).toEqual({});
  });
});

describe('$feature_flag_called', () => {
  it('is tracked once per person, flag and value, with $feature/<key>', async () => {
    serveRemote('test');
    const client = startClient();
    await client.getFeatureFlag('pricing', { userId: 'u' });
    await client.getFeatureFlag('pricing', { userId: 'u' });
    await client.getFeatureFlag('pricing', { userId: 'v' });
    await client.flush();
    expect(names()).toEqual(['$feature_flag_called', '$feature_flag_called']);
    const { delivered } = await import('./msw-api.js');
    expect(delivered()[0]?.str_properties).toMatchObject({ $feature_flag: 'pricing', '$feature/pricing': 'test', $feature_flag_source: 'remote' });
  });
});
