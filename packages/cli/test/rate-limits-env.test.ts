import { describe, expect, it } from 'vitest';
import { readCliSettings } from '../src/cli-env.js';

// Moved from packages/server/test/rate-limit.test.ts with the CLI ("configuring rate limits").
describe('configuring rate limits', () => {
  it('reads NORTHSTAR_RATE_LIMITS for the standalone server: unset, off, or the option as JSON', () => {
    expect(readCliSettings({}).rateLimits).toBeUndefined();
    expect(readCliSettings({ NORTHSTAR_RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(readCliSettings({ NORTHSTAR_RATE_LIMITS: '{"plans":{"free":{"track":1000}},"projects":{"7":{"query":false}}}' }).rateLimits).toEqual({
      plans: { free: { track: 1000 } },
      projects: { 7: { query: false } },
    });
    expect(() => readCliSettings({ NORTHSTAR_RATE_LIMITS: '{"plans":{"gold":{}}}' })).toThrow(/NORTHSTAR_RATE_LIMITS/);
    expect(() => readCliSettings({ NORTHSTAR_RATE_LIMITS: 'many' })).toThrow(/"off" or JSON/);
  });
});
