import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createEmbedTokenService } from '../src/auth/embed-token.js';
import { EMBED_CSP } from '../src/http/embed-page/embed-page.js';
import { TEST_JWT_SECRET, addAccount, login } from './support/accounts.js';
import { availableDatabases, embedDatabases, segmentation, today, useEmbedServer } from './support/embeds.js';
import type { EmbedFixture } from './support/embeds.js';

const start = useEmbedServer();
const HOSTILE = `<img src=x onerror=alert(1)></script><script>alert(2)</script>"'&`;

/** Flips one character of the token's `part` (0 header, 1 payload, 2 signature), keeping it base64url. */
function flip(token: string, part: number): string {
  const parts = token.split('.');
  const text = parts[part]!;
  const at = Math.floor(text.length / 2);
  parts[part] = text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
  return parts.join('.');
}

describe.each(embedDatabases)('GET /v1/embed/:token on %s', (kind) => {
  const runs = availableDatabases.get(kind) ?? false;

  async function growth(f: EmbedFixture) {
    await f.track('signup');
    await f.track('signup', { user_id: 'u2' });
    await f.track('checkout');
    return f.dashboard({
      name: 'Growth',
      description: 'Signups and orders',
      widgets: [
        { id: 'signups', title: 'Signups', type: 'line', query: segmentation('signup') },
        { id: 'revenue', title: 'Revenue (secret)', type: 'number', query: segmentation('checkout') },
      ],
    });
  }
  const open = (f: EmbedFixture, token: string, headers: Record<string, string> = {}) => f.call('GET', `/v1/embed/${token}`, { headers });

  it.skipIf(!runs)("answers a dashboard token with every widget's data, computed now, as JSON", async () => {
    const f = await start(kind);
    const { token } = await f.mint({ dashboard_id: await growth(f) });
    const res = await open(f, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.body).toEqual({
      kind: 'dashboard',
      title: 'Growth',
      description: 'Signups and orders',
      generated_at: expect.any(String),
      widgets: [
        {
          id: 'signups',
          title: 'Signups',
          type: 'line',
          result: {
            metric: 'total',
            interval: 'day',
            timezone: 'UTC',
            date_range: { start: today(), end: today() },
            series: [{ event: 'signup', data: [{ date: today(), value: 2 }] }],
          },
        },
        {
          id: 'revenue',
          title: 'Revenue (secret)',
          type: 'number',
          result: expect.objectContaining({ series: [{ event: 'checkout', data: [{ date: today(), value: 1 }] }] }),
        },
      ],
    });
  });

  it.skipIf(!runs)('answers funnel and retention widgets with the bodies of /v1/query/funnels and /v1/query/retention, and draws them', async () => {
    const f = await start(kind);
    await f.track('signup', { user_id: 'ann' });
    await f.track('signup', { user_id: 'bob' });
    await f.track('purchase', { user_id: 'ann' });
    const range = { start: today(), end: today() };
    const funnel = { steps: [{ event: 'signup' }, { event: 'purchase' }], date_range: range };
    const retention = { start_event: { event: 'signup' }, return_event: { event: 'purchase' }, period: 'day', periods: 1, date_range: range };
    const dashboardId = await f.dashboard({
      name: 'Conversion',
      widgets: [
        { id: 'f', title: 'Funnel', type: 'funnel', query: funnel },
        { id: 'r', title: 'Retention', type: 'retention', query: retention },
      ],
    });
    const { token } = await f.mint({ dashboard_id: dashboardId });
    const json = (await open(f, token)).body as { widgets: { type: string; result: unknown }[] };
    const direct = async (path: string, body: object) =>
      (await f.call('POST', path, { token: f.api.demo.sk, body: { ...body, project_id: f.projectId } })).body;
    expect(json.widgets[0]).toEqual({ id: 'f', title: 'Funnel', type: 'funnel', result: await direct('/v1/query/funnels', funnel) });
    expect(json.widgets[0]?.result).toMatchObject({ steps: [{ people: 2 }, { people: 1, conversion_from_first: 0.5 }] });
    expect(json.widgets[1]).toEqual({ id: 'r', title: 'Retention', type: 'retention', result: await direct('/v1/query/retention', retention) });
    const html = (await open(f, token, { Accept: 'text/html' })).text;
    expect(html).toContain('<svg class="chart chart-funnel"');
    expect(html).toContain('<svg class="chart chart-retention"');
  });

  it.skipIf(!runs)("opens exactly its own widget: a widget token shows nothing of the dashboard's other widgets", async () => {
    const f = await start(kind);
    const { token } = await f.mint({ dashboard_id: await growth(f), widget_id: 'signups' });
    const json = await open(f, token);
    expect(json.body).toMatchObject({ kind: 'widget', title: 'Signups', description: null, widgets: [{ id: 'signups' }] });
    expect((json.body as { widgets: unknown[] }).widgets).toHaveLength(1);
    const html = await open(f, token, { Accept: 'text/html' });
    for (const text of [json.text, html.text]) {
      expect(text).not.toContain('Revenue');
      expect(text).not.toContain('checkout');
      expect(text).not.toContain('Growth');
    }
  });

  it.skipIf(!runs)('with Accept: text/html answers a self-contained page of inline SVG, framable anywhere, with a strict CSP and no script', async () => {
    const f = await start(kind);
    const { token } = await f.mint({ dashboard_id: await growth(f) });
    const res = await open(f, token, { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(EMBED_CSP);
    expect(EMBED_CSP).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors \*$/);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.headers.get('vary')).toContain('Accept');
    expect(res.text).toContain('<svg class="chart chart-line"');
    expect(res.text).toContain('<svg class="chart chart-number"');
    expect(res.text).toMatch(/<circle class="point"[^>]*data-value="2"/);
    expect(res.text).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|\bhref=|\bstyle="/i);
  });

  it.skipIf(!runs)('escapes every stored title, description and label: no markup of the store reaches the page', async () => {
    const f = await start(kind);
    await f.track(HOSTILE);
    const dashboardId = await f.dashboard({
      name: HOSTILE,
      description: HOSTILE,
      widgets: [
        { id: 'x', title: HOSTILE, type: 'bar', query: segmentation(HOSTILE, { group_by: { property: 'plan' } }) },
        { id: 'y', title: HOSTILE, type: 'table', query: segmentation(HOSTILE) },
      ],
    });
    const { token } = await f.mint({ dashboard_id: dashboardId });
    const page = (await open(f, token, { Accept: 'text/html' })).text;
    expect(page).not.toContain('<img');
    expect(page).not.toContain('</script>');
    expect(page).not.toContain('<script');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;&quot;&#39;&amp;');
  });

  it.skipIf(!runs)('answers 401 for a malformed, tampered or wrong-audience token', async () => {
    const f = await start(kind);
    const { token } = await f.mint({ dashboard_id: await growth(f) });
    await addAccount(f.api.storage, 'owner@example.com', { projectId: f.projectId, role: 'owner' });
    const accessToken = (await login(f.api.url, 'owner@example.com')).accessToken;
    for (const bad of ['nonsense', flip(token, 0), flip(token, 1), flip(token, 2), token.slice(0, -2), accessToken, `${token}x`]) {
      expect(await open(f, bad), bad).toMatchObject({ status: 401, body: { error: 'Invalid or expired embed token' } });
    }
    expect((await open(f, token)).status).toBe(200);
  });

  it.skipIf(!runs)('answers 401 once the token expires (the clock of the server)', async () => {
    const f = await start(kind);
    const minted = Date.now();
    const { token } = await f.mint({ dashboard_id: await growth(f), expires_in: 60 });
    const { exp = 0 } = decodeJwt(token);
    expect(exp * 1000 - minted).toBeGreaterThan(58_000);
    f.stopClockAt(exp * 1000 - 1);
    expect((await open(f, token)).status).toBe(200);
    f.stopClockAt(exp * 1000);
    expect(await open(f, token)).toMatchObject({ status: 401, body: { error: 'Invalid or expired embed token' } });
  });

  it.skipIf(!runs)('answers 401 at once after revocation', async () => {
    const f = await start(kind);
    const minted = await f.mint({ dashboard_id: await growth(f) });
    expect((await open(f, minted.token)).status).toBe(200);
    expect((await f.call('DELETE', `/v1/projects/${f.projectId}/embeds/${minted.id}`, { token: f.admin })).status).toBe(204);
    expect(await open(f, minted.token)).toMatchObject({ status: 401, body: { error: 'This embed token was revoked' } });
  });

  it.skipIf(!runs)('answers 404 once its dashboard is deleted or its widget removed', async () => {
    const f = await start(kind);
    const dashboardId = await growth(f);
    const whole = await f.mint({ dashboard_id: dashboardId });
    const widget = await f.mint({ dashboard_id: dashboardId, widget_id: 'revenue' });
    const patched = await f.call('PATCH', `/v1/projects/${f.projectId}/dashboards/${dashboardId}`, {
      token: f.admin,
      body: { version: 1, widgets: [{ id: 'signups', title: 'Signups', type: 'line', query: segmentation('signup') }] },
    });
    expect(patched.status).toBe(200);
    expect(await open(f, widget.token)).toMatchObject({ status: 404, body: { error: 'The embedded widget no longer exists' } });
    expect((await open(f, whole.token)).status).toBe(200);
    expect((await f.call('DELETE', `/v1/projects/${f.projectId}/dashboards/${dashboardId}`, { token: f.admin })).status).toBe(204);
    expect(await open(f, whole.token)).toMatchObject({ status: 404, body: { error: 'The embedded dashboard no longer exists' } });
  });

  it.skipIf(!runs)("answers 404 for a validly signed token naming another project's dashboard", async () => {
    const f = await start(kind);
    const mine = await f.mint({ dashboard_id: await growth(f) });
    const other = await f.api.storage.config.createProject({ name: 'Other', plan: 'enterprise' });
    const theirs = await f.api.storage.config.createDocument({ project_id: other.id, kind: 'dashboard', data: { name: 'Theirs', widgets: [] } });
    const [, payload] = mine.token.split('.');
    const { jti } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { jti: string };
    const signer = createEmbedTokenService({ secret: new TextEncoder().encode(TEST_JWT_SECRET), clock: Date.now });
    const forged = await signer.sign({
      projectId: f.projectId,
      object: { kind: 'dashboard', dashboardId: theirs.id },
      tokenId: jti,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    expect(await open(f, forged)).toMatchObject({ status: 404, body: { error: 'The embedded dashboard no longer exists' } });
  });

  it.skipIf(!runs)('allows 120 requests a minute per token, then 429 with Retry-After; other tokens keep their own budget', async () => {
    const f = await start(kind);
    const dashboardId = await f.dashboard({ name: 'Empty' });
    const { token } = await f.mint({ dashboard_id: dashboardId });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 1) statuses.push((await open(f, token)).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await open(f, token);
    expect(refused).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Rate limit exceeded/) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-limit')).toBe('120');
    const another = await f.mint({ dashboard_id: dashboardId });
    expect((await open(f, another.token)).status).toBe(200);
  });
});
