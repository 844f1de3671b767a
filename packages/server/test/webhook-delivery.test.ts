import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '@northstar/core';
import { ioUntil } from './support/webhook-harness.js';
import { ALERT, createWebhook, deliverySuite, dispatch, settled, specSignature, standardSignature } from './support/webhook-suite.js';

const { receiver, start } = deliverySuite();

describe('webhook delivery (spec 6.1)', () => {
  it('posts the 2.4 body with the spec signature and Standard Webhooks headers, verifiable with Node crypto alone', async () => {
    const hook = await receiver();
    const api = await start();
    const { id, secret } = await createWebhook(api, `${hook.url}/hook`);
    await dispatch(api);
    const [delivery] = await settled(api, id);
    const [got] = hook.received;
    expect(hook.received).toHaveLength(1);
    expect(JSON.parse(got!.body)).toEqual({ type: 'alert_triggered', timestamp: expect.stringMatching(/Z$/), project_id: api.demo.project_id, data: ALERT });
    expect(got!.headers['x-webhook-signature']).toBe(specSignature(secret, got!.body));
    expect(got!.headers['x-webhook-event']).toBe('alert_triggered');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-webhook-id']).toBe(got!.headers['webhook-id']);
    expect(got!.headers['webhook-signature']).toBe(standardSignature(secret, got!));
    expect(Math.abs(Number(got!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    // The receiver helper agrees, and refuses a changed body or another secret.
    expect(await verifyWebhook(got!.body, got!.headers, secret)).toBe(true);
    expect(await verifyWebhook(got!.body.replace('Signups', 'Signins'), got!.headers, secret)).toBe(false);
    expect(await verifyWebhook(got!.body, got!.headers, 'whsec_another-secret-entirely')).toBe(false);
    // Every attempt is logged and readable through the API.
    expect(delivery).toMatchObject({
      webhook_id: id,
      delivery_id: got!.headers['x-webhook-id'],
      event_type: 'alert_triggered',
      test: false,
      status: 'succeeded',
      body: got!.body,
      attempts: [{ attempt: 1, run: 1, status: 200, error: null, next_attempt_in_ms: null, duration_ms: expect.any(Number) }],
    });
  });

  it('sends nothing to webhooks that are off or not subscribed to the event, and only to the webhooks named', async () => {
    const hook = await receiver();
    const api = await start();
    await createWebhook(api, `${hook.url}/off`, { active: false });
    await createWebhook(api, `${hook.url}/other`, { events: ['experiment_significant'] });
    expect(await dispatch(api)).toEqual({ deliveries: [] });
    const first = await createWebhook(api, `${hook.url}/first`);
    const second = await createWebhook(api, `${hook.url}/second`);
    await dispatch(api, { webhookIds: [second.id, 999_999] });
    await settled(api, second.id);
    expect(await api.deliveries(first.id)).toEqual([]);
    expect(hook.received.map((got) => got.path)).toEqual(['/second']);
  });

  it('does not follow a redirect, to a public or to a private address, and does not retry it', async () => {
    const elsewhere = await receiver();
    let n = 0;
    const locations = [`${elsewhere.url}/stolen`, 'http://169.254.169.254/latest/meta-data/'];
    const hook = await receiver(() => ({ status: 302, headers: { location: locations[n++ % 2]! } }));
    const api = await start();
    const { id } = await createWebhook(api, `${hook.url}/hook`);
    await dispatch(api);
    await dispatch(api);
    const deliveries = await settled(api, id, 2);
    expect(hook.received).toHaveLength(2);
    expect(elsewhere.received).toHaveLength(0);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        status: 'failed',
        attempts: [{ status: 302, error: expect.stringContaining('redirect not followed'), next_attempt_in_ms: null }],
      });
    }
  });

  it('refuses at connect time a name that resolved to a public address at creation and to 127.0.0.1 at delivery (DNS rebinding)', async () => {
    const hook = await receiver();
    let lookups = 0;
    const api = await start({
      // No allow-list here: 127.0.0.1 is as forbidden as it is in production.
      webhookAllowedNetworks: [],
      webhookResolver: (hostname) => {
        lookups += 1;
        expect(hostname).toBe('rebind.example');
        return Promise.resolve([{ address: lookups === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }]);
      },
    });
    const { id } = await createWebhook(api, `http://rebind.example:${hook.port}/hook`);
    await dispatch(api);
    const [delivery] = await settled(api, id);
    expect(hook.received).toHaveLength(0);
    expect(lookups).toBe(2);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: [
        { status: null, error: 'refused: host rebind.example resolves to a loopback, private, link-local or reserved address', next_attempt_in_ms: null },
      ],
    });
  });

  it('connects to the address it checked, with the name in the Host header', async () => {
    const hook = await receiver();
    const api = await start({ webhookResolver: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]) });
    const { id } = await createWebhook(api, `http://hooks.internal.example:${hook.port}/hook`);
    await dispatch(api);
    expect((await settled(api, id))[0]!.status).toBe('succeeded');
    expect(hook.received[0]!.headers.host).toBe(`hooks.internal.example:${hook.port}`);
  });

  it('turns a webhook off after the configured run of failed deliveries; turning it on resets the count', async () => {
    const hook = await receiver(() => ({ status: 400 }));
    const api = await start({ webhookDisableAfterFailures: 3 });
    const { id } = await createWebhook(api, `${hook.url}/hook`);
    const path = `/v1/projects/${api.demo.project_id}/webhooks/${id}`;
    for (let n = 1; n <= 2; n += 1) {
      await dispatch(api);
      await settled(api, id, n);
    }
    expect((await api.call('GET', path)).body).toMatchObject({ active: true, consecutive_failures: 2 });
    await dispatch(api);
    await settled(api, id, 3);
    const off = await api.call('GET', path);
    expect(off.body).toMatchObject({
      active: false,
      consecutive_failures: 3,
      disabled_reason: '3 deliveries in a row failed',
      disabled_at: expect.any(String),
    });
    expect(await dispatch(api)).toEqual({ deliveries: [] });
    const on = await api.call('PATCH', path, { active: true, version: off.body.version });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ active: true });
    expect(on.body).not.toHaveProperty('consecutive_failures');
    expect(on.body).not.toHaveProperty('disabled_reason');
  });

  it('turns a webhook off at once on 410 Gone', async () => {
    const hook = await receiver(() => ({ status: 410 }));
    const api = await start();
    const { id } = await createWebhook(api, `${hook.url}/hook`);
    await dispatch(api);
    await settled(api, id);
    expect((await api.call('GET', `/v1/projects/${api.demo.project_id}/webhooks/${id}`)).body).toMatchObject({
      active: false,
      disabled_reason: 'the receiver answered 410 Gone',
    });
    expect(hook.received).toHaveLength(1);
  });

  it('sends a test event on request (write scope), also to a webhook that is off', async () => {
    const hook = await receiver();
    const api = await start();
    const { id, secret } = await createWebhook(api, `${hook.url}/hook`, { active: false });
    const path = `/v1/projects/${api.demo.project_id}/webhooks/${id}/test`;
    expect((await api.call('POST', path, undefined, await api.keyWith(['read']))).status).toBe(403);
    const queued = await api.call('POST', path, undefined, await api.keyWith(['write']));
    expect(queued).toMatchObject({ status: 202, body: { id: expect.any(Number), delivery_id: expect.stringMatching(/^msg_/) } });
    const [delivery] = await settled(api, id);
    expect(delivery).toMatchObject({ id: queued.body.id, test: true, status: 'succeeded', event_type: 'webhook_test' });
    const [got] = hook.received;
    expect(got!.headers['x-webhook-event']).toBe('webhook_test');
    expect(got!.headers['x-webhook-signature']).toBe(specSignature(secret, got!.body));
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'webhook_test', project_id: api.demo.project_id, data: { webhook_id: id } });
    expect((await api.call('POST', `/v1/projects/${api.demo.project_id}/webhooks/999999/test`)).status).toBe(404);
  });

  it('replays a failed delivery with the same body and id; a delivered one is a 409', async () => {
    const hook = await receiver((n) => ({ status: n === 0 ? 404 : 200 }));
    const api = await start();
    const { id } = await createWebhook(api, `${hook.url}/hook`);
    await dispatch(api);
    const [failed] = await settled(api, id);
    expect(failed!.status).toBe('failed');
    const replay = `/v1/projects/${api.demo.project_id}/webhooks/${id}/deliveries/${String(failed!.id)}/replay`;
    expect((await api.call('POST', replay, undefined, await api.keyWith(['read']))).status).toBe(403);
    expect(await api.call('POST', replay)).toMatchObject({ status: 202, body: { id: failed!.id, delivery_id: failed!.delivery_id, run: 2 } });
    await ioUntil(() => hook.received.length === 2, 'the replay');
    const [replayed] = await settled(api, id);
    expect(replayed).toMatchObject({
      status: 'succeeded',
      attempts: [
        { run: 1, status: 404 },
        { run: 2, attempt: 1, status: 200 },
      ],
    });
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
    expect(hook.received[1]!.headers['x-webhook-id']).toBe(hook.received[0]!.headers['x-webhook-id']);
    expect(await api.call('POST', replay)).toMatchObject({ status: 409, body: { error: expect.stringContaining('succeeded') } });
    expect((await api.call('POST', `/v1/projects/${api.demo.project_id}/webhooks/${id}/deliveries/999999/replay`)).status).toBe(404);
  });

  it('rotates the secret (admin scope): both signatures during the overlap, the new one alone after', async () => {
    const hook = await receiver();
    const api = await start();
    const { id, secret: old } = await createWebhook(api, `${hook.url}/hook`);
    const rotate = `/v1/projects/${api.demo.project_id}/webhooks/${id}/rotate-secret`;
    expect((await api.call('POST', rotate, {}, await api.keyWith(['write']))).status).toBe(403);
    const rotated = await api.call('POST', rotate, {});
    expect(rotated).toMatchObject({ status: 200, body: { secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: expect.any(String) } });
    const fresh = String(rotated.body.secret);
    await dispatch(api);
    await settled(api, id);
    const [during] = hook.received;
    expect(during!.headers['x-webhook-signature']).toBe(specSignature(fresh, during!.body));
    expect(during!.headers['x-webhook-signature-previous']).toBe(specSignature(old, during!.body));
    expect(String(during!.headers['webhook-signature']).split(' ')).toEqual([standardSignature(fresh, during!), standardSignature(old, during!)]);
    expect(await verifyWebhook(during!.body, during!.headers, old)).toBe(true);
    expect(await verifyWebhook(during!.body, during!.headers, fresh)).toBe(true);
    const shown = await api.call('GET', `/v1/projects/${api.demo.project_id}/webhooks/${id}`);
    expect(JSON.stringify(shown.body)).not.toContain(old);
    expect(shown.body).toMatchObject({ secret_prefix: fresh.slice(0, 12), previous_secret_expires_at: rotated.body.previous_secret_expires_at });

    const last = await api.call('POST', rotate, { secret: 'a-given-secret-of-some-length', overlap_seconds: 0 });
    expect(last.body).toMatchObject({ secret: 'a-given-secret-of-some-length', previous_secret_expires_at: null });
    await dispatch(api);
    await settled(api, id, 2);
    const after = hook.received[1]!;
    expect(after.headers['x-webhook-signature']).toBe(specSignature('a-given-secret-of-some-length', after.body));
    expect(after.headers).not.toHaveProperty('x-webhook-signature-previous');
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(await verifyWebhook(after.body, after.headers, fresh)).toBe(false);
    expect((await api.call('POST', rotate, { overlap_seconds: -1 })).status).toBe(400);
  });
});

describe('alerts through webhook delivery (issue 15)', () => {
  const { receiver, start } = deliverySuite();

  it('delivers alert_triggered to the webhooks of an alert that fires on the worker’s first evaluation', async () => {
    const hook = await receiver();
    const api = await start();
    const { id, secret } = await createWebhook(api, `${hook.url}/alerts`);
    const other = await createWebhook(api, `${hook.url}/not-this-alert`);
    const alert = await api.call('POST', `/v1/projects/${api.demo.project_id}/alerts`, {
      name: 'No signups',
      event: 'signup',
      condition: 'lt',
      threshold: 1,
      interval: 'day',
      webhook_ids: [id],
    });
    expect(alert.status).toBe(201);
    // The evaluation scheduler of the app evaluates on its first tick: restart the workers so it sees the alert.
    await api.app.workers.stop();
    await api.app.workers.start();
    await ioUntil(() => hook.received.length === 1, 'the alert delivery');
    const [got] = hook.received;
    expect(got!.path).toBe('/alerts');
    expect(got!.headers['x-webhook-signature']).toBe(specSignature(secret, got!.body));
    expect(JSON.parse(got!.body)).toMatchObject({
      type: 'alert_triggered',
      project_id: api.demo.project_id,
      data: { alert_id: alert.body.id, alert_name: 'No signups', value: 0, threshold: 1, condition: 'value < threshold' },
    });
    expect(await api.deliveries(other.id)).toEqual([]);
  });
});
