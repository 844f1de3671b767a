// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlagsEvaluateRequest, FlagValue } from '@northstar/core';
import { featureFlags } from '../src/index.js';
import type { FeatureFlagsApi, Northstar, NorthstarConfig } from '../src/index.js';
import { API_KEY, ENDPOINT, delivered, server, startClient, useApi } from './msw-api.js';

useApi();

/** Bodies of every `/v1/flags/evaluate` request, in order. */
const asked: FlagsEvaluateRequest[] = [];
/** What the mocked server answers: the flags, or an HTTP status to fail with. */
let answer: Record<string, FlagValue> | number = {};
/** Answers wait for this, so a test can look at the state while a load is in flight. */
let gate: Promise<void> = Promise.resolve();
let releaseGate = (): void => undefined;
/** Requests the mocked server is handling: none may outlive its test. */
let inflight = 0;

beforeEach(() => {
  answer = { 'new-checkout': 'test', beta: true };
  gate = Promise.resolve();
  server.use(
    http.post(`${ENDPOINT}/v1/flags/evaluate`, async ({ request }) => {
      inflight++;
      try {
        asked.push((await request.json()) as FlagsEvaluateRequest);
        expect(request.headers.get('x-api-key')).toBe(API_KEY);
        await gate;
      } finally {
        inflight--;
      }
      return typeof answer === 'number' ? HttpResponse.json({ error: 'down' }, { status: answer }) : HttpResponse.json({ flags: answer });
    }),
  );
});
afterEach(async () => {
  releaseGate();
  await vi.waitFor(() => expect(inflight).toBe(0));
  asked.length = 0;
  sessionStorage.clear();
  document.getElementById('northstar-bootstrap')?.remove();
  delete (window as unknown as Record<string, unknown>).__NORTHSTAR_BOOTSTRAP__;
});

/** Holds the server's answers until the returned function is called. */
function holdAnswers(): () => void {
  gate = new Promise((resolve) => (releaseGate = resolve));
  return releaseGate;
}

function startWithFlags(config: Partial<NorthstarConfig> = {}): { client: Northstar; flags: FeatureFlagsApi } {
  const client = startClient(config).use(featureFlags);
  if (!client.flags) throw new Error('the featureFlags plugin did not set client.flags');
  return { client, flags: client.flags };
}

/** Waits until `count` requests were asked and the last one answered (resolve() sends no exposure). */
async function loaded(flags: FeatureFlagsApi, count = 1): Promise<void> {
  await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(count));
  await flags.resolve('__probe__');
}
const exposures = () => delivered().filter((e) => e.event_name === '$feature_flag_called');

describe('feature flags: loading', () => {
  it('asks POST /v1/flags/evaluate for every flag of this device, and answers undefined until then', async () => {
    const release = holdAnswers();
    const { client, flags } = startWithFlags();
    expect(flags.get('new-checkout')).toBeUndefined();
    expect(flags.isEnabled('beta')).toBeUndefined();
    expect(flags.state('new-checkout')).toEqual({ status: 'loading', value: undefined });
    release();
    expect(await flags.resolve('new-checkout')).toBe('test');
    expect(asked).toEqual([{ device_id: client.getDeviceId() }]);
    expect(flags.get('new-checkout')).toBe('test');
    expect(flags.isEnabled('beta')).toBe(true);
    expect(flags.state('beta')).toEqual({ status: 'ready', value: true, source: 'server' });
  });

  it('answers false for a flag the server did not list (inactive or unknown), once it has answered', async () => {
    const { flags } = startWithFlags();
    await loaded(flags);
    expect(flags.get('retired')).toBe(false);
    expect(flags.isEnabled('retired')).toBe(false);
    expect(flags.state('retired')).toEqual({ status: 'ready', value: false, source: 'server' });
  });

  it('calls onFeatureFlags listeners when values arrive and when they change, at once when some are known, until unsubscribed', async () => {
    const { flags } = startWithFlags();
    const calls: Record<string, FlagValue>[] = [];
    const off = flags.on((values) => calls.push(values));
    await vi.waitFor(() => expect(calls).toEqual([{ 'new-checkout': 'test', beta: true }]));
    const late: Record<string, FlagValue>[] = [];
    flags.on((values) => late.push(values));
    expect(late).toEqual([{ 'new-checkout': 'test', beta: true }]);
    answer = { 'new-checkout': 'control' };
    await flags.reload();
    expect(calls.at(-1)).toEqual({ 'new-checkout': 'control' });
    off();
    await flags.reload();
    expect(calls).toHaveLength(2);
    expect(late).toHaveLength(3);
  });

  it('after a failed load answers false (source fallback) for what it does not know, tells listeners, and recovers on reload()', async () => {
    answer = 503;
    const { flags } = startWithFlags();
    const changes: boolean[] = [];
    flags.on((_values, change) => changes.push(change.failed));
    expect(await flags.resolve('beta')).toBe(false);
    expect(flags.state('beta')).toEqual({ status: 'ready', value: false, source: 'fallback' });
    answer = { beta: true };
    await flags.reload();
    expect(flags.get('beta')).toBe(true);
    expect(changes).toEqual([true, false]);
  });

  it('is off with featureFlags: false', () => {
    const client = startClient({ featureFlags: false }).use(featureFlags);
    expect(client.flags).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('removes client.flags on destroy(), ignores the answer in flight, and resolves waiting renderers with what it knows', async () => {
    const release = holdAnswers();
    const { client, flags } = startWithFlags({ bootstrap: { featureFlags: { known: 'b' } } });
    const pending = flags.resolve('new-checkout');
    const known = flags.resolve('known');
    client.destroy();
    release();
    expect(await pending).toBe(false);
    expect(await known).toBe('b');
    expect(client.flags).toBeUndefined();
  });
});

describe('feature flags: bootstrap', () => {
  it('uses the bootstrap values of init at once, then the fresh ones', async () => {
    const release = holdAnswers();
    const { flags } = startWithFlags({ bootstrap: { featureFlags: { 'new-checkout': 'control', beta: false } } });
    expect(flags.get('new-checkout')).toBe('control');
    expect(flags.state('beta')).toEqual({ status: 'ready', value: false, source: 'bootstrap' });
    expect(flags.state('other')).toEqual({ status: 'loading', value: undefined });
    release();
    await loaded(flags);
    expect(flags.state('new-checkout')).toEqual({ status: 'ready', value: 'test', source: 'server' });
  });

  it('reads a bootstrap rendered by the server into <script type="application/json" id="northstar-bootstrap">', () => {
    holdAnswers();
    const tag = document.createElement('script');
    tag.type = 'application/json';
    tag.id = 'northstar-bootstrap';
    tag.textContent = JSON.stringify({ featureFlags: { hero: 'b', nested: { no: 1 } } });
    document.head.append(tag);
    const { flags } = startWithFlags();
    expect(flags.state('hero')).toEqual({ status: 'ready', value: 'b', source: 'bootstrap' });
    expect(flags.state('nested').status).toBe('loading');
  });

  it('reads window.__NORTHSTAR_BOOTSTRAP__, and lets the init option win over the page', () => {
    holdAnswers();
    (window as unknown as Record<string, unknown>).__NORTHSTAR_BOOTSTRAP__ = { featureFlags: { hero: 'a', only: true } };
    expect(startWithFlags().flags.get('hero')).toBe('a');
    sessionStorage.clear();
    const { flags } = startWithFlags({ bootstrap: { featureFlags: { hero: 'c' } } });
    expect(flags.get('hero')).toBe('c');
    expect(flags.state('only').status).toBe('loading');
  });

  it('ignores a page bootstrap that is not JSON', () => {
    holdAnswers();
    const tag = Object.assign(document.createElement('script'), { type: 'application/json', id: 'northstar-bootstrap', textContent: '{oops' });
    document.head.append(tag);
    expect(startWithFlags().flags.state('hero').status).toBe('loading');
  });

  it('identifies as the distinctID the values were evaluated for, and asks for that user', async () => {
    const { client, flags } = startWithFlags({ bootstrap: { featureFlags: { hero: 'b' }, distinctID: 'user-7' } });
    expect(client.getUserId()).toBe('user-7');
    expect(flags.get('hero')).toBe('b');
    await loaded(flags);
    expect(asked).toEqual([{ device_id: client.getDeviceId(), user_id: 'user-7' }]);
  });
});

describe('feature flags: the person', () => {
  it('asks again after identify(), with the user id and user properties, keeping the values shown until then', async () => {
    const { client, flags } = startWithFlags();
    await loaded(flags);
    const release = holdAnswers();
    answer = { 'new-checkout': 'control' };
    client.identify('user-42', { plan: 'pro' });
    expect(flags.get('new-checkout')).toBe('test');
    expect(flags.state('unknown').status).toBe('loading');
    release();
    await vi.waitFor(() => expect(flags.get('new-checkout')).toBe('control'));
    expect(asked[1]).toEqual({ device_id: client.getDeviceId(), user_id: 'user-42', user_properties: { plan: 'pro' } });
  });

  it('forgets the values on reset() and asks for the new device', async () => {
    const { client, flags } = startWithFlags();
    await loaded(flags);
    const release = holdAnswers();
    const before = client.getDeviceId();
    client.reset();
    expect(flags.state('new-checkout')).toEqual({ status: 'loading', value: undefined });
    release();
    await loaded(flags, 2);
    expect(asked[1]?.device_id).not.toBe(before);
    expect(asked[1]?.device_id).toBe(client.getDeviceId());
  });

  it('drops an answer for the person before reset()', async () => {
    const release = holdAnswers();
    const { client, flags } = startWithFlags();
    client.reset();
    answer = { 'new-checkout': 'control' };
    release();
    await loaded(flags, 2);
    await vi.waitFor(() => expect(flags.get('new-checkout')).toBe('control'));
  });
});

describe('feature flags: the session cache', () => {
  it('keeps the values in sessionStorage, so the next page view of the same person has them before the server answers', async () => {
    const first = startWithFlags();
    await loaded(first.flags);
    first.client.destroy();
    const release = holdAnswers();
    const { flags } = startWithFlags();
    expect(flags.state('new-checkout')).toEqual({ status: 'ready', value: 'test', source: 'cache' });
    release();
  });

  it('does not use the values cached for another person', async () => {
    const first = startWithFlags();
    await loaded(first.flags);
    first.client.reset();
    first.client.destroy();
    holdAnswers();
    expect(startWithFlags().flags.state('new-checkout').status).toBe('loading');
  });

  it('with consentRequired asks nothing and stores nothing before grantConsent(), using the bootstrap meanwhile', async () => {
    const { client, flags } = startWithFlags({ consentRequired: true, bootstrap: { featureFlags: { hero: 'b' } } });
    client.identify('user-1');
    expect(flags.get('hero')).toBe('b');
    expect(flags.state('new-checkout').status).toBe('loading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    client.grantConsent();
    expect(await flags.resolve('new-checkout')).toBe('test');
    expect(asked).toEqual([{ device_id: client.getDeviceId(), user_id: 'user-1' }]);
    expect(Object.keys(sessionStorage)).toEqual([`ns_${API_KEY}_flags`]);
    client.destroy();
    expect(Object.hasOwn(client, 'grantConsent')).toBe(false);
  });
});

describe('feature flags: $feature_flag_called', () => {
  it('is sent once per flag and value per session when a value is read, with $feature/<key> for experiments', async () => {
    const { client, flags } = startWithFlags();
    await loaded(flags);
    flags.get('new-checkout');
    flags.isEnabled('new-checkout');
    flags.state('new-checkout');
    flags.all();
    await client.flush();
    expect(exposures()).toHaveLength(1);
    expect(exposures()[0]?.str_properties).toMatchObject({ $feature_flag: 'new-checkout', $feature_flag_response: 'test', '$feature/new-checkout': 'test' });
    answer = { 'new-checkout': 'control' };
    await flags.reload();
    flags.get('new-checkout');
    flags.get('new-checkout');
    await client.flush();
    expect(exposures().map((e) => e.str_properties?.['$feature/new-checkout'])).toEqual(['test', 'control']);
  });

  it('is not sent while loading, nor for the fallback after a failed load', async () => {
    answer = 500;
    const release = holdAnswers();
    const { client, flags } = startWithFlags();
    flags.get('beta');
    release();
    await loaded(flags);
    flags.get('beta');
    await client.flush();
    expect(exposures()).toEqual([]);
  });

  it('is sent for a bootstrapped value, and not again on the next page view of the same session', async () => {
    holdAnswers();
    const first = startWithFlags({ bootstrap: { featureFlags: { hero: 'b' } } });
    first.flags.get('hero');
    await first.client.flush();
    first.client.destroy();
    const { client, flags } = startWithFlags({ bootstrap: { featureFlags: { hero: 'b' } } });
    flags.get('hero');
    await client.flush();
    expect(exposures().map((e) => e.str_properties?.['$feature/hero'])).toEqual(['b']);
  });

  it('is not sent by resolve() or all()', async () => {
    const { client, flags } = startWithFlags();
    await flags.resolve('beta');
    flags.all();
    await client.flush();
    expect(exposures()).toEqual([]);
  });
});
