import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import type { FlagTestVectors } from '@northstar/core';
import type { JsonObject } from '@northstar/server';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** The flag test vectors every SDK of the repository runs (docs/flags.md). */
const flagVectors = JSON.parse(readFileSync(new URL('../../../test/vectors/flags.json', import.meta.url), 'utf8')) as FlagTestVectors;

let api: TestServer;
beforeEach(async () => {
  api = await startTestServer();
});
afterEach(() => api.close());

const evaluate = (body: unknown, headers: Record<string, string> = { 'X-API-Key': api.demo.pk }) => postJson(`${api.url}/v1/flags/evaluate`, body, headers);
const flagsOf = async (body: unknown) => {
  const res = await evaluate(body);
  expect(res.status).toBe(200);
  return (res.body as { flags: Record<string, string | boolean> }).flags;
};
const createFlag = (key: string, data: JsonObject = {}) =>
  api.storage.config.createDocument({ project_id: api.demo.project_id, kind: 'flag', key, data: { key, active: true, ...data } });

describe('the shared test vectors (test/vectors/flags.json), through POST /v1/flags/evaluate', () => {
  it.each(flagVectors.evaluations)('$description', async ({ flag, person, expected }) => {
    await api.storage.config.createDocument({
      project_id: api.demo.project_id,
      kind: 'flag',
      key: flag.key,
      data: JSON.parse(JSON.stringify(flag)) as JsonObject,
    });
    expect(await flagsOf({ key: flag.key, device_id: person.id, user_properties: person.properties })).toEqual({ [flag.key]: expected.value });
  });
});

describe('POST /v1/flags/evaluate', () => {
  it('turns an active boolean flag on for everyone at 100 %', async () => {
    await createFlag('beta');
    expect(await flagsOf({ key: 'beta', device_id: 'dev-1' })).toEqual({ beta: true });
  });

  it('answers false for an inactive flag and for an unknown key', async () => {
    await createFlag('off', { active: false });
    expect(await flagsOf({ keys: ['off', 'nope'], device_id: 'dev-1' })).toEqual({ off: false, nope: false });
  });

  it('evaluates every active flag when no key is named', async () => {
    await createFlag('a');
    await createFlag('b', { variants: [{ key: 'only', weight: 100 }] });
    await createFlag('c', { active: false });
    expect(await flagsOf({ user_id: 'user-1' })).toEqual({ a: true, b: 'only' });
  });

  it('puts a person in the rollout when their bucket is below rollout_percentage / 100', async () => {
    await createFlag('new-checkout', { rollout_percentage: 80 });
    expect(await flagsOf({ key: 'new-checkout', user_id: 'user-1' })).toEqual({ 'new-checkout': false }); // 0.9168…
    expect(await flagsOf({ key: 'new-checkout', user_id: 'user-2' })).toEqual({ 'new-checkout': true }); // 0.7859…
  });

  it('picks the variant from the salted hash over the cumulative weights', async () => {
    await createFlag('pricing-test', {
      variants: [
        { key: 'control', weight: 50 },
        { key: 'test', weight: 50 },
      ],
    });
    expect(await flagsOf({ key: 'pricing-test', user_id: 'user-1' })).toEqual({ 'pricing-test': 'test' }); // 0.6118…
    expect(await flagsOf({ key: 'pricing-test', device_id: 'device-abc' })).toEqual({ 'pricing-test': 'control' }); // 0.4735…
  });

  it('buckets by user_id when both ids are given, so a person keeps their variant across devices', async () => {
    await createFlag('pricing-test', {
      variants: [
        { key: 'control', weight: 50 },
        { key: 'test', weight: 50 },
      ],
    });
    expect(await flagsOf({ key: 'pricing-test', user_id: 'user-1', device_id: 'device-abc' })).toEqual({ 'pricing-test': 'test' });
  });

  it('targets by the stored user properties, with user_properties of the request merged over them', async () => {
    await createFlag('enterprise', {
      targeting: {
        user_properties: [
          { property: 'plan', op: 'eq', value: 'enterprise' },
          { property: 'seats', op: 'gt', value: 10 },
        ],
      },
    });
    await api.storage.people.setUserProperties(api.demo.project_id, 'user-1', { plan: 'enterprise', seats: '50' });
    expect(await flagsOf({ key: 'enterprise', user_id: 'user-1' })).toEqual({ enterprise: true });
    expect(await flagsOf({ key: 'enterprise', user_id: 'user-1', user_properties: { seats: 5 } })).toEqual({ enterprise: false });
    expect(await flagsOf({ key: 'enterprise', user_id: 'user-1', user_properties: { plan: null } })).toEqual({ enterprise: false });
    expect(await flagsOf({ key: 'enterprise', device_id: 'dev-9', user_properties: { plan: 'enterprise', seats: 11 } })).toEqual({ enterprise: true });
    expect(await api.storage.people.getUserProperties(api.demo.project_id, 'user-1')).toEqual({ plan: 'enterprise', seats: '50' });
  });

  it('treats a stored flag whose data is not a valid flag as unknown', async () => {
    await createFlag('broken', { variants: [{ key: 'a', weight: 30 }] });
    expect(await flagsOf({ key: 'broken', device_id: 'dev-1' })).toEqual({ broken: false });
  });

  it('answers a key named __proto__ as a plain entry', async () => {
    expect(await flagsOf({ keys: ['__proto__', 'x'], device_id: 'dev-1' })).toEqual(JSON.parse('{"__proto__":false,"x":false}'));
  });

  it('does not see the flags of another project', async () => {
    const other = await api.storage.config.createProject({ name: 'other', plan: 'free' });
    await api.storage.config.createDocument({ project_id: other.id, kind: 'flag', key: 'theirs', data: { key: 'theirs', active: true } });
    expect(await flagsOf({ key: 'theirs', device_id: 'dev-1' })).toEqual({ theirs: false });
    expect(await flagsOf({ device_id: 'dev-1' })).toEqual({});
  });

  it.each([
    ['invalid JSON', '{"key": ', 'Invalid JSON body'],
    ['no person', { key: 'beta' }, 'user_id or device_id is required'],
    ['keys that is not an array', { keys: 'beta', device_id: 'd' }, 'keys must be an array of flag keys'],
    ['more than 100 keys', { keys: Array.from({ length: 101 }, (_, i) => `k${i}`), device_id: 'd' }, 'keys holds more than 100 keys'],
    ['user_id "null"', { user_id: 'null' }, 'user_id must not be blank, "undefined" or "null"'],
  ])('answers 400 for %s', async (_case, body, error) => {
    const res = await evaluate(body);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toContain(error);
  });

  it('answers 413 for a body over maxBodyBytes', async () => {
    expect((await evaluate({ device_id: 'd', user_properties: { a: 'x'.repeat(1_100_000) } })).status).toBe(413);
  });

  it('answers 401 without an SDK key', async () => {
    expect((await evaluate({ key: 'beta', device_id: 'd' }, {})).status).toBe(401);
  });
});

describe('POST /v1/flags/evaluate when storage is down', () => {
  it('answers 503 with Retry-After', async () => {
    const storage = createMemoryStorage();
    await api.close();
    api = await startTestServer({ storage });
    vi.spyOn(storage.config, 'findDocumentByKey').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const res = await evaluate({ key: 'beta', device_id: 'd' });
    expect(res).toMatchObject({ status: 503, body: { error: expect.any(String) } });
    expect(res.headers.get('retry-after')).toBe('5');
  });
});
