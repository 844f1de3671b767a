// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackedEvent } from '@northstar/core';
import { delivered, names, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => vi.restoreAllMocks());

const event = (name: string): TrackedEvent | undefined => delivered().find((e) => e.event_name === name);

describe('group()', () => {
  it('makes every later event carry $group.<type> = key, and sends no $groupidentify without properties', async () => {
    const client = startClient();
    client.group('company', 'acme-inc');
    client.group('team', 'core');
    client.track('x');
    await client.flush();
    expect(names()).toEqual(['x']);
    expect(event('x')?.str_properties).toMatchObject({ '$group.company': 'acme-inc', '$group.team': 'core' });
  });

  it('with properties, sends $groupidentify with $group_type, $group_key and the properties as $group_set.<name>', async () => {
    const client = startClient();
    client.group('company', 'acme-inc', { name: 'Acme', seats: 40, tags: ['b2b'] });
    await client.flush();
    expect(event('$groupidentify')).toMatchObject({
      str_properties: {
        $group_type: 'company',
        $group_key: 'acme-inc',
        '$group_set.name': 'Acme',
        '$group_set.tags': '["b2b"]',
        '$group.company': 'acme-inc',
      },
      num_properties: { '$group_set.seats': 40 },
    });
  });

  it('sends a numeric key as text, in str_properties, where group_by finds it', async () => {
    const client = startClient();
    client.group('company', 42, { seats: 3 });
    client.track('x');
    await client.flush();
    expect(event('x')?.str_properties).toMatchObject({ '$group.company': '42' });
    expect(event('x')?.num_properties).not.toHaveProperty('$group.company');
    expect(event('$groupidentify')?.str_properties).toMatchObject({ $group_key: '42' });
  });

  it('a later group() of the same type moves the device to the new group', async () => {
    const client = startClient();
    client.group('company', 'acme-inc');
    client.group('company', 'globex');
    client.track('x');
    await client.flush();
    expect(event('x')?.str_properties).toMatchObject({ '$group.company': 'globex' });
  });

  it('is kept across page views and cleared by reset()', async () => {
    startClient().group('company', 'acme-inc');
    const next = startClient();
    next.track('reloaded');
    next.reset();
    next.track('after reset');
    await next.flush();
    expect(event('reloaded')?.str_properties).toMatchObject({ '$group.company': 'acme-inc' });
    expect(event('after reset')?.str_properties).not.toHaveProperty('$group.company');
  });
});
