import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, webhookSecretOf } from '@northstar/server';
import { checkWebhookUrl } from '../src/webhooks/ssrf-url.js';
import { isForbiddenAddress } from '../src/webhooks/ssrf-address.js';
import { call, itBehavesAsADocumentResource, startResourceServer } from './support/document-crud.js';
import { TEST_SECRETS_KEY } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const webhook = (n: number, extra: Record<string, unknown> = {}) => ({ url: `https://hooks.example/${n}`, events: ['alert_triggered'], ...extra });

describe('webhooks', () => {
  const { api } = itBehavesAsADocumentResource({
    segment: 'webhooks',
    kind: 'webhook',
    valid: (n) => webhook(n),
    patch: {
      body: { events: ['alert_triggered', 'experiment_significant'], active: false },
      expect: { events: ['alert_triggered', 'experiment_significant'], active: false },
    },
    invalid: [
      { body: webhook(1, { events: [] }), error: 'events must hold at least one event type' },
      { body: webhook(1, { events: ['page_viewed'] }), error: 'events[] must be one of alert_triggered, experiment_significant' },
      { body: webhook(1, { events: ['alert_triggered', 'alert_triggered'] }), error: 'events holds an event type twice' },
      { body: webhook(1, { secret: 'short' }), error: 'secret must be at least 16 characters' },
      { body: { events: ['alert_triggered'] }, error: 'url is required' },
      { body: webhook(1, { url: 'ftp://hooks.example/x' }), error: 'url must use http or https' },
      { body: webhook(1, { url: 'https://user:pw@hooks.example/x' }), error: 'url must not contain a user name or password' },
      { body: webhook(1, { url: 'hooks.example/x' }), error: 'url must be an absolute http or https URL' },
    ],
  });

  const base = () => `/v1/projects/${api().demo.project_id}/webhooks`;

  it('shows a generated secret in full only in the 201 response, and its prefix afterwards', async () => {
    const created = await call(api(), 'POST', base(), webhook(1));
    const secret = String(created.body.secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.body.secret_prefix).toBe(secret.slice(0, 12));
    const later = [
      await call(api(), 'GET', `${base()}/${created.body.id}`),
      await call(api(), 'GET', base()),
      await call(api(), 'PATCH', `${base()}/${created.body.id}`, { active: false, version: 1 }),
    ];
    for (const res of later) {
      expect(JSON.stringify(res.body)).not.toContain(secret);
      expect(JSON.stringify(res.body)).toContain(secret.slice(0, 12));
    }
  });

  it('keeps a given secret, shows at most a quarter of it, and keeps it through a PUT without one', async () => {
    const given = 'my-shared-project-secret';
    const created = await call(api(), 'POST', base(), webhook(1, { secret: given }));
    expect(created.body).toMatchObject({ secret: given, secret_prefix: given.slice(0, 6) });
    const replaced = await call(api(), 'PUT', `${base()}/${created.body.id}`, { ...webhook(2), version: 1 });
    expect(replaced.body).not.toHaveProperty('secret');
    const stored = await api().storage.config.getDocument({ projectId: api().demo.project_id, kind: 'webhook', id: created.body.id });
    // Stored encrypted (webhook-secrets.test.ts): webhookSecretOf opens it with the server's key.
    expect(stored?.data).toMatchObject({ url: 'https://hooks.example/2' });
    expect(webhookSecretOf(stored!.data, createSecretBox(TEST_SECRETS_KEY))).toBe(given);
    await call(api(), 'PATCH', `${base()}/${created.body.id}`, { secret: 'a-rotated-secret-value', version: 2 });
    const rotated = await api().storage.config.getDocument({ projectId: api().demo.project_id, kind: 'webhook', id: created.body.id });
    expect(webhookSecretOf(rotated!.data, createSecretBox(TEST_SECRETS_KEY))).toBe('a-rotated-secret-value');
  });

  it('lists its delivery log in pages, and deletes it with the webhook', async () => {
    const config = api().storage.config;
    const projectId = api().demo.project_id;
    const hook = await call(api(), 'POST', base(), webhook(1));
    const other = await call(api(), 'POST', base(), webhook(2));
    const attempt = (parent: number, status: string) =>
      config.createDocument({ project_id: projectId, kind: 'webhook_delivery', parent_id: parent, data: { event_type: 'alert_triggered', status } });
    const ids = [(await attempt(hook.body.id, 'failed')).id, (await attempt(other.body.id, 'succeeded')).id, (await attempt(hook.body.id, 'succeeded')).id];
    const first = await call(api(), 'GET', `${base()}/${hook.body.id}/deliveries?limit=1`);
    expect(first.body).toMatchObject({
      items: [{ id: ids[0], webhook_id: hook.body.id, project_id: projectId, event_type: 'alert_triggered', status: 'failed' }],
    });
    const second = await call(api(), 'GET', `${base()}/${hook.body.id}/deliveries?limit=1&after=${String(first.body.next)}`);
    expect(second.body).toMatchObject({ items: [{ id: ids[2], status: 'succeeded' }], next: null });
    expect((await call(api(), 'GET', `${base()}/999999/deliveries`)).status).toBe(404);
    await call(api(), 'DELETE', `${base()}/${hook.body.id}`);
    expect(await config.getDocument({ projectId, kind: 'webhook_delivery', id: ids[0] ?? 0 })).toBeUndefined();
    expect(await config.getDocument({ projectId, kind: 'webhook_delivery', id: ids[1] ?? 0 })).toBeDefined();
  });
});

describe('webhook URLs (SSRF)', () => {
  let api: TestServer;
  afterEach(() => api.close());
  const create = (url: string) => call(api, 'POST', `/v1/projects/${api.demo.project_id}/webhooks`, { url, events: ['alert_triggered'] });

  it('refuses localhost, internal and reserved addresses with 400, in every spelling', async () => {
    api = await startResourceServer({ allowPrivateWebhookUrls: false });
    const refused = [
      'http://localhost/hook',
      'http://LOCALHOST./hook',
      'https://api.localhost/hook',
      'http://127.0.0.1:8080/hook',
      'http://2130706433/hook',
      'http://0x7f.1/hook',
      'http://0.0.0.0/hook',
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://172.31.255.255/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hook',
      'http://224.0.0.1/hook',
      'http://255.255.255.255/hook',
      'http://[::1]/hook',
      'http://[::]/hook',
      'http://[fd12:3456::1]/hook',
      'http://[fe80::1]/hook',
      'http://[ff02::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://[64:ff9b::a00:1]/hook',
      'http://[2002:c0a8:101::1]/hook',
    ];
    for (const url of refused) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toMatch(/^url /);
    }
  });

  it('accepts a public address, and checks a changed URL again', async () => {
    api = await startResourceServer({ allowPrivateWebhookUrls: false });
    const created = await create('https://93.184.216.34/hook');
    expect(created).toMatchObject({ status: 201, body: { url: 'https://93.184.216.34/hook' } });
    const moved = await call(api, 'PATCH', `/v1/projects/${api.demo.project_id}/webhooks/${created.body.id}`, { url: 'http://10.0.0.5/', version: 1 });
    expect(moved.status).toBe(400);
    expect((await call(api, 'PATCH', `/v1/projects/${api.demo.project_id}/webhooks/${created.body.id}`, { active: false, version: 1 })).status).toBe(200);
  });

  it('accepts internal addresses with allowPrivateWebhookUrls, but still only http(s) without credentials', async () => {
    api = await startResourceServer({ allowPrivateWebhookUrls: true });
    expect((await create('http://localhost:9000/hook')).status).toBe(201);
    expect((await create('file:///etc/passwd')).status).toBe(400);
    expect((await create('http://admin:secret@localhost/hook')).status).toBe(400);
  });
});

describe('checkWebhookUrl', () => {
  const resolver = (addresses: string[]) => () => Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

  it('refuses a name when any of its addresses is internal', async () => {
    await expect(checkWebhookUrl('https://hooks.example/x', { resolve: resolver(['93.184.216.34', '10.0.0.7']) })).rejects.toMatchObject({ status: 400 });
    await expect(checkWebhookUrl('https://hooks.example/x', { resolve: resolver(['::ffff:169.254.169.254']) })).rejects.toMatchObject({ status: 400 });
  });

  it('does not reveal the internal address a name resolves to', async () => {
    await expect(checkWebhookUrl('https://intranet.example/x', { resolve: resolver(['10.9.8.7']) })).rejects.toThrow(/^(?!.*10\.9\.8\.7)/);
  });

  it('accepts a name whose every address is public, and returns the URL normalised', async () => {
    await expect(checkWebhookUrl('HTTPS://Hooks.Example/a b', { resolve: resolver(['93.184.216.34', '2606:2800:220:1::248']) })).resolves.toBe(
      'https://hooks.example/a%20b',
    );
  });

  it('refuses a name that does not resolve, or not in time', async () => {
    await expect(checkWebhookUrl('https://nowhere.example/', { resolve: () => Promise.reject(new Error('ENOTFOUND')) })).rejects.toThrow(
      'url host nowhere.example does not resolve',
    );
    await expect(checkWebhookUrl('https://slow.example/', { resolve: () => new Promise(() => {}), timeoutMs: 20 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('isForbiddenAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.255.255.255', true],
    ['172.15.255.255', false],
    ['172.32.0.1', false],
    ['100.63.255.255', false],
    ['100.127.255.255', true],
    ['169.254.169.254', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['fc00::1', true],
    ['fe80::1%eth0', true],
    ['::ffff:8.8.8.8', false],
    ['::ffff:192.168.0.1', true],
    ['2001:4860:4860::8888', false],
    ['not-an-ip', true],
  ])('%s → %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });
});

describe('isForbiddenAddress: IPv6 addresses that embed an IPv4 address are judged by that address', () => {
  // Teredo (2001:0::/32) carries the client's IPv4 in the last 32 bits, each bit inverted, and the
  // server's in bits 32-63: 127.0.0.1 ^ 0xffffffff = 80ff:fffe, 10.0.0.1 → f5ff:fffe, 8.8.8.8 → f7f7:f7f7.
  it.each([
    ['IPv4-mapped, dotted', '::ffff:127.0.0.1', true],
    ['IPv4-mapped, hex groups', '::ffff:7f00:1', true],
    ['IPv4-mapped, uncompressed', '0:0:0:0:0:ffff:7f00:0001', true],
    ['IPv4-mapped, upper case', '::FFFF:A9FE:A9FE', true],
    ['IPv4-mapped, public', '::ffff:8.8.8.8', false],
    ['IPv4-compatible (deprecated), loopback', '::127.0.0.1', true],
    ['IPv4-compatible (deprecated), hex', '::a00:1', true],
    ['IPv4-compatible (deprecated), public: the whole range is refused', '::8.8.8.8', true],
    ['SIIT, dotted', '::ffff:0:127.0.0.1', true],
    ['SIIT, hex groups', '::ffff:0:7f00:1', true],
    ['SIIT, uncompressed', '0000:0000:0000:0000:ffff:0000:0a00:0001', true],
    ['SIIT, link-local metadata', '::ffff:0:169.254.169.254', true],
    ['SIIT, private', '::ffff:0:c0a8:1', true],
    ['SIIT, public', '::ffff:0:8.8.8.8', false],
    ['NAT64 well-known, dotted', '64:ff9b::127.0.0.1', true],
    ['NAT64 well-known, hex', '64:ff9b::a9fe:a9fe', true],
    ['NAT64 well-known, uncompressed', '0064:ff9b:0000:0000:0000:0000:c0a8:0001', true],
    ['NAT64 well-known, public', '64:ff9b::8.8.8.8', false],
    ['NAT64 well-known prefix outside its /96', '64:ff9b:0:1::8.8.8.8', true],
    ['NAT64 local-use /48, loopback', '64:ff9b:1::127.0.0.1', true],
    ['NAT64 local-use /48, public', '64:ff9b:1:0:0:0:808:808', true],
    ['6to4, loopback', '2002:7f00:1::1', true],
    ['6to4, private', '2002:c0a8:101::', true],
    ['6to4, link-local', '2002:a9fe:a9fe:0:0:0:0:1', true],
    ['6to4, public', '2002:808:808::1', false],
    ['Teredo, client loopback', '2001:0:4136:e378:8000:63bf:80ff:fffe', true],
    ['Teredo, client loopback, compressed', '2001::80ff:fffe', true],
    ['Teredo, client private', '2001:0:4136:e378:8000:63bf:f5ff:fffe', true],
    ['Teredo, client link-local', '2001:0:4136:e378::5601:5601', true],
    ['Teredo, private server', '2001:0:a00:1:8000:63bf:f7f7:f7f7', true],
    ['Teredo, public client and server', '2001:0:4136:e378:8000:63bf:f7f7:f7f7', false],
    ['benchmarking (2001:2::/48)', '2001:2::1', true],
    ['a public address beside Teredo (2001:4860::/32)', '2001:4860:4860::8888', false],
  ])('%s: %s → %s', (_form, address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });

  it.each(['[::ffff:0:127.0.0.1]', '[2001::80ff:fffe]', '[64:ff9b::7f00:1]', '[::ffff:0:a9fe:a9fe]'])(
    'refuses the webhook URL http://%s/hook with 400',
    async (host) => {
      await expect(checkWebhookUrl(`http://${host}/hook`)).rejects.toMatchObject({ status: 400 });
    },
  );
});
