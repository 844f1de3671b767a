import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@northstar/server';
import { fastStoredEvent } from '../src/ingest/fast-event.js';
import { serverUuidV7 } from '../src/ingest/server-uuid.js';
import { slowStoredEvent } from '../src/services/validate-events.js';
import { TIMESTAMPS, seededRng, trickyEvent } from './support/hostile-bodies.js';

const NOW = Date.parse('2024-05-01T12:00:00.000Z');

/** The stored event without its uuid when the server assigned it (random), for comparing both paths. */
function comparable(event: StoredEvent, item: Record<string, unknown>): Partial<StoredEvent> {
  const { uuid, ...rest } = event;
  return item.uuid === undefined ? rest : { uuid, ...rest };
}

describe('the fast path of /v1/track validation', () => {
  it('gives the same answer as the zod schema on 10,000 generated events (seeded)', () => {
    const r = seededRng(20_240_501);
    let fast = 0;
    for (let i = 0; i < 10_000; i++) {
      const item = trickyEvent(r);
      const sentAt = r.chance(0.2) ? r.pick(TIMESTAMPS) : undefined;
      const quick = fastStoredEvent(item, sentAt, 7, NOW);
      const slow = slowStoredEvent(item, sentAt, 7, NOW);
      if (quick === undefined) {
        // ...and leaves to it only what it must: lone surrogates to refuse or repair, `__proto__` keys to drop.
        if (typeof slow === 'object') expect(JSON.stringify(item), `case ${i}`).toMatch(/\\ud[89a-f]|"__proto__"/i);
        continue;
      }
      fast += 1;
      // The fast path may leave an event to the schema, but never accepts one the schema refuses.
      expect(typeof slow, JSON.stringify({ i, item, sentAt, slow })).toBe('object');
      expect(comparable(quick, item), `case ${i}`).toEqual(comparable(slow as StoredEvent, item));
    }
    expect(fast).toBeGreaterThan(500);
  });

  it('takes the common events itself: the bench event and a browser SDK event', () => {
    const sdkEvent = {
      event_name: '$pageview',
      device_id: 'd-1',
      user_id: 'u-1',
      session_id: 's-1',
      uuid: '01890000-0000-7000-8000-00000000abcd',
      timestamp: '2024-05-01T11:59:58.123Z',
      str_properties: { $url: 'https://shop.example/pricing', $title: 'Pricing', 'line\nbreak': 'fine' },
      num_properties: { $screen_width: 1440 },
    };
    const bench = { event_name: 'bench_event', device_id: 'device-1', str_properties: { plan: 'pro' }, num_properties: { price: 42 } };
    expect(fastStoredEvent(bench, undefined, 7, NOW)).toMatchObject({ event_name: 'bench_event', timestamp: NOW, received_at: NOW, user_id: null });
    // A property key with a newline is the schema's to refuse; without it the SDK event is fast.
    expect(fastStoredEvent(sdkEvent, '2024-05-01T11:59:59.000Z', 7, NOW)).toBeUndefined();
    const { 'line\nbreak': _dropped, ...props } = sdkEvent.str_properties;
    expect(fastStoredEvent({ ...sdkEvent, str_properties: props }, '2024-05-01T11:59:59.000Z', 7, NOW)).toMatchObject({
      uuid: '01890000-0000-7000-8000-00000000abcd',
      timestamp: Date.parse('2024-05-01T11:59:59.123Z'),
    });
  });

  it('leaves __proto__ keys, lone surrogates and unknown shapes to the schema', () => {
    const proto = JSON.parse('{"event_name":"x","device_id":"d","str_properties":{"__proto__":"x"}}') as unknown;
    expect(fastStoredEvent(proto, undefined, 7, NOW)).toBeUndefined();
    expect(slowStoredEvent(proto, undefined, 7, NOW)).toMatchObject({ str_properties: {} });
    expect(fastStoredEvent({ event_name: 'x\ud800', device_id: 'd' }, undefined, 7, NOW)).toBeUndefined();
    expect(slowStoredEvent({ event_name: 'x\ud800', device_id: 'd' }, undefined, 7, NOW)).toBe('event_name must not contain lone surrogates');
    expect(fastStoredEvent({ event_name: 'x', device_id: 'd', str_properties: { v: 'x\ud800' } }, undefined, 7, NOW)).toBeUndefined();
    expect(slowStoredEvent({ event_name: 'x', device_id: 'd', str_properties: { v: 'x\ud800' } }, undefined, 7, NOW)).toMatchObject({
      str_properties: { v: 'x\ufffd' },
    });
    expect(fastStoredEvent([], undefined, 7, NOW)).toBeUndefined();
    expect(fastStoredEvent({ event_name: 'x', device_id: 'd', num_properties: { n: Number.POSITIVE_INFINITY } }, undefined, 7, NOW)).toBeUndefined();
  });
});

describe('server-assigned uuids', () => {
  it('are UUIDv7 carrying the receive time in their first 48 bits', () => {
    const uuid = serverUuidV7(NOW);
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16)).toBe(NOW);
    expect(new Set(Array.from({ length: 10_000 }, () => serverUuidV7(NOW))).size).toBe(10_000);
  });
});
