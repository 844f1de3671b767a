import { afterEach, describe, expect, it } from 'vitest';
import { allowedNetworks } from '../src/webhooks/allowed-networks.js';
import { safePost } from '../src/webhooks/safe-post.js';
import type { ResolveHost } from '../src/webhooks/ssrf-url.js';
import { checkWebhookUrl } from '../src/webhooks/ssrf-url.js';
import { startReceiver } from './support/webhook-harness.js';
import type { Receiver } from './support/webhook-harness.js';

const answering =
  (...addresses: string[]): ResolveHost =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('safePost: SSRF checks at connect time', () => {
  it.each([
    ['ftp://hooks.example/x', 'url must use http or https'],
    ['file:///etc/passwd', 'url must use http or https'],
    ['https://user:pw@hooks.example/x', 'url must not contain a user name or password'],
    ['not a url', 'url is not an absolute URL'],
  ])('refuses %s before resolving anything', async (url, error) => {
    const resolve: ResolveHost = () => Promise.reject(new Error('must not be called'));
    expect(await safePost(url, '{}', {}, { resolve })).toEqual({ kind: 'refused', error });
  });

  it.each([
    'http://127.0.0.1/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0.0.0.0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://10.1.2.3/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:7f00:1::]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://224.0.0.1/',
    'http://localhost/',
    'http://api.localhost/',
  ])('refuses %s (odd spellings included) without connecting', async (url) => {
    const result = await safePost(url, '{}', {});
    expect(result.kind).toBe('refused');
  });

  it('refuses a name when any one of its addresses is internal, whatever the order', async () => {
    for (const order of [
      ['93.184.216.34', '10.0.0.5'],
      ['10.0.0.5', '93.184.216.34'],
      ['2606:2800:220:1::1', '::ffff:169.254.169.254'],
    ]) {
      const result = await safePost('https://hooks.example/x', '{}', {}, { resolve: answering(...order) });
      expect(result).toEqual({ kind: 'refused', error: 'host hooks.example resolves to a loopback, private, link-local or reserved address' });
    }
  });

  it('resolves once and connects to the checked address, sending the name as Host', async () => {
    receiver = await startReceiver();
    let lookups = 0;
    const resolve: ResolveHost = () => {
      lookups += 1;
      return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    };
    const result = await safePost(
      `http://receiver.example:${receiver.port}/in`,
      '{"a":1}',
      { 'x-test': '1' },
      { resolve, allowed: allowedNetworks(['127.0.0.0/8']) },
    );
    expect(result).toMatchObject({ kind: 'answered', status: 200 });
    expect(lookups).toBe(1);
    expect(receiver.received[0]).toMatchObject({ body: '{"a":1}', path: '/in', headers: { host: `receiver.example:${receiver.port}`, 'x-test': '1' } });
  });

  it('reports a name that does not resolve, and a time-out, as transport errors', async () => {
    expect(await safePost('https://nowhere.example/', '{}', {}, { resolve: answering() })).toEqual({
      kind: 'transport',
      error: 'host nowhere.example does not resolve',
    });
    const hanging: ResolveHost = () => new Promise(() => {});
    expect(await safePost('https://slow.example/', '{}', {}, { resolve: hanging, timeoutMs: 20 })).toEqual({
      kind: 'transport',
      error: 'timed out after 20 ms',
    });
  });

  it('answers a redirect as it is, without following it', async () => {
    receiver = await startReceiver(() => ({ status: 307, headers: { location: 'http://169.254.169.254/' } }));
    const result = await safePost(`${receiver.url}/hook`, '{}', {}, { allowed: allowedNetworks(['127.0.0.1']) });
    expect(result).toMatchObject({ kind: 'answered', status: 307, location: 'http://169.254.169.254/' });
    expect(receiver.received).toHaveLength(1);
  });
});

describe('allowedNetworks (webhookAllowedNetworks)', () => {
  it('allows the listed networks only, in both families', () => {
    const allowed = allowedNetworks(['10.20.0.0/16', '127.0.0.1', 'fd00:1::/64']);
    expect(['10.20.3.4', '127.0.0.1', 'fd00:1::5', '[fd00:1::9]'].map(allowed)).toEqual([true, true, true, true]);
    expect(['10.21.0.1', '127.0.0.2', 'fd00:2::1', 'not-an-ip'].map(allowed)).toEqual([false, false, false, false]);
  });

  it.each(['10.0.0.0/33', 'hooks.example', '10.0.0.0/x', ''])('refuses the entry %j at start-up', (entry) => {
    expect(() => allowedNetworks([entry])).toThrow('is not an IP address or CIDR');
  });

  it('lets the creation-time check accept what it allows, and nothing else', async () => {
    const allowed = allowedNetworks(['10.20.0.0/16']);
    await expect(checkWebhookUrl('http://10.20.0.7/hook', { allowed })).resolves.toBe('http://10.20.0.7/hook');
    await expect(checkWebhookUrl('http://10.21.0.7/hook', { allowed })).rejects.toThrow('must not point at');
    await expect(checkWebhookUrl('http://internal.example/hook', { allowed, resolve: answering('10.20.1.1') })).resolves.toBe('http://internal.example/hook');
    await expect(checkWebhookUrl('http://internal.example/hook', { allowed, resolve: answering('10.20.1.1', '127.0.0.1') })).rejects.toThrow('resolves to');
  });
});
