// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedEvent } from '@northstar/core';
import type { Plugin } from '../src/index.js';
import { answerOnce, delivered, names, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => vi.restoreAllMocks());

const tagged = (tag: string): Plugin => ({
  name: `tag-${tag}`,
  processEvent: (event) => ({ ...event, str_properties: { ...event.str_properties, [tag]: 'yes' } }),
});

describe('plugins', () => {
  it('sets a plugin up on use() and tears it down on destroy()', () => {
    const teardown = vi.fn();
    const setup = vi.fn(() => teardown);
    const client = startClient().use({ name: 'counted', setup });
    expect(setup).toHaveBeenCalledTimes(1);
    expect(setup).toHaveBeenCalledWith(client);
    client.destroy();
    expect(teardown).toHaveBeenCalledTimes(1);
  });

  it('does nothing when used on a client that is not started', () => {
    const setup = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startClient({ apiKey: 'not-a-key' }).use({ name: 'idle', setup });
    expect(setup).not.toHaveBeenCalled();
  });

  it('enriches every event with processEvent, in the order the plugins were set up', async () => {
    const order: string[] = [];
    const client = startClient()
      .use({ name: 'first', processEvent: (e) => (order.push(`first ${e.event_name}`), e) })
      .use(tagged('second'));
    client.track('signup', { plan: 'pro' });
    await client.flush();
    expect(order).toEqual(['first $session_start', 'first signup']);
    expect(delivered()[0]?.str_properties).toMatchObject({ plan: 'pro', $pathname: '/', second: 'yes' });
  });

  it('hands processEvent the finished event: uuid, ISO timestamp, ids and merged properties', () => {
    const seen: TrackedEvent[] = [];
    const client = startClient().use({ name: 'spy', processEvent: (e) => (seen.push(e), e) });
    client.track('signup', { seats: 3 });
    const event = seen.at(-1);
    expect(event).toMatchObject({ event_name: 'signup', device_id: client.getDeviceId(), session_id: client.getSessionId() });
    expect(event?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(event?.timestamp ?? '').toISOString()).toBe(event?.timestamp);
    expect(event?.num_properties).toMatchObject({ seats: 3, $screen_width: expect.any(Number) });
  });

  it('drops an event when processEvent returns null', async () => {
    const client = startClient().use({ name: 'no-secrets', processEvent: (e) => (e.event_name === 'secret' ? null : e) });
    client.track('secret');
    client.track('public');
    await client.flush();
    expect(names()).toEqual(['public']);
  });

  it('keeps the event as it was when a processEvent step throws', async () => {
    const client = startClient()
      .use({
        name: 'broken',
        processEvent: () => {
          throw new Error('bug');
        },
      })
      .use(tagged('after'));
    expect(() => client.track('kept')).not.toThrow();
    await client.flush();
    expect(names()).toEqual(['kept']);
    expect(delivered()[0]?.str_properties?.after).toBe('yes');
  });
});

describe('beforeSend', () => {
  it('edits or drops every event before it is queued', async () => {
    const client = startClient({
      beforeSend: (e) => (e.event_name === 'drop me' ? null : { ...e, str_properties: { ...e.str_properties, $current_url: 'redacted' } }),
    });
    client.track('drop me');
    client.track('kept');
    await client.flush();
    expect(names()).toEqual(['kept']);
    expect(delivered()[0]?.str_properties?.$current_url).toBe('redacted');
  });

  it('runs after the plugins’ processEvent steps', () => {
    const seen: (string | undefined)[] = [];
    const client = startClient({ beforeSend: (e) => (seen.push(e.str_properties?.plugin), e) }).use(tagged('plugin'));
    client.track('x');
    expect(seen.at(-1)).toBe('yes');
  });
});

describe('client.on()', () => {
  it('tells `event` listeners each queued event until unsubscribed', () => {
    const client = startClient();
    const events: string[] = [];
    const off = client.on('event', (e) => events.push(e.event_name));
    client.track('a');
    off();
    client.track('b');
    expect(events).toEqual(['$session_start', 'a']);
  });

  it('tells `flush` listeners each answered request with its events and status', async () => {
    const client = startClient();
    const flushes: [string[], number][] = [];
    client.on('flush', (events, status) => flushes.push([events.map((e) => e.event_name), status]));
    answerOnce(503);
    client.track('a');
    await client.flush();
    expect(flushes).toEqual([[['$session_start', 'a'], 503]]);
  });

  it('tells `identify` and `reset` listeners', () => {
    const client = startClient();
    const calls: unknown[] = [];
    client.on('identify', (userId, properties) => calls.push(['identify', userId, { ...properties }]));
    client.on('reset', () => calls.push(['reset']));
    client.identify('user-1', { plan: 'pro' });
    client.reset();
    expect(calls).toEqual([['identify', 'user-1', { plan: 'pro' }], ['reset']]);
  });

  it('keeps calling the other listeners, and the caller goes on, when one throws', () => {
    const client = startClient();
    const after = vi.fn();
    client.on('event', () => {
      throw new Error('bug');
    });
    client.on('event', after);
    expect(() => client.track('a')).not.toThrow();
    expect(after).toHaveBeenCalled();
  });
});
