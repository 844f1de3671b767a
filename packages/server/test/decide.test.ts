import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '@northstar/adapter-memory';
import type { DocumentKind, JsonObject } from '@northstar/server';
import { postJson, startTestServer } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

let api: TestServer;
beforeEach(async () => {
  api = await startTestServer();
});
afterEach(() => api.close());

interface Decided {
  status: number;
  body: { guides?: JsonObject[]; surveys?: JsonObject[]; error?: string };
  headers: Headers;
}

async function decide(what: 'guides' | 'surveys', query: Record<string, string>, key: string | null = api.demo.pk): Promise<Decided> {
  const res = await fetch(`${api.url}/v1/decide/${what}?${new URLSearchParams(query).toString()}`, { headers: key ? { 'X-API-Key': key } : {} });
  return { status: res.status, body: (await res.json()) as Decided['body'], headers: res.headers };
}
const guideIds = async (query: Record<string, string>) => (await decide('guides', query)).body.guides?.map((guide) => guide.id);
const surveyIds = async (query: Record<string, string>) => (await decide('surveys', query)).body.surveys?.map((survey) => survey.id);

const create = async (kind: DocumentKind, data: JsonObject, key: string | null = null) =>
  (await api.storage.config.createDocument({ project_id: api.demo.project_id, kind, key, data })).id;
const modal = (extra: JsonObject = {}): JsonObject => ({ name: 'Welcome', type: 'modal', status: 'active', title: 'Hi', body: 'Welcome aboard', ...extra });
const nps = (extra: JsonObject = {}): JsonObject => ({ name: 'NPS', type: 'nps', status: 'active', question: 'How likely are you to recommend us?', ...extra });
const track = (body: JsonObject) => postJson(`${api.url}/v1/track`, body, { 'X-API-Key': api.demo.pk });

describe('GET /v1/decide/guides', () => {
  it('returns the active guides in id order, as the SDK renders them: id and content, without status or targeting', async () => {
    const first = await create('guide', modal({ targeting: {} }));
    await create('guide', modal({ status: 'draft' }));
    const tooltip = await create('guide', { name: 'Tip', type: 'tooltip', status: 'active', body: 'Click here', selector: '#buy' });
    const res = await decide('guides', { device_id: 'dev-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      guides: [
        { id: first, name: 'Welcome', type: 'modal', title: 'Hi', body: 'Welcome aboard' },
        { id: tooltip, name: 'Tip', type: 'tooltip', body: 'Click here', selector: '#buy', placement: 'bottom' },
      ],
    });
  });

  it('matches targeting.url against the url of the query; a guide with a URL rule needs one', async () => {
    const pricing = await create('guide', modal({ targeting: { url: { op: 'contains', value: '/pricing' } } }));
    const everywhere = await create('guide', modal());
    expect(await guideIds({ device_id: 'dev-1', url: 'https://shop.example/pricing?x=1' })).toEqual([pricing, everywhere]);
    expect(await guideIds({ device_id: 'dev-1', url: 'https://shop.example/cart' })).toEqual([everywhere]);
    expect(await guideIds({ device_id: 'dev-1' })).toEqual([everywhere]);
  });

  it("matches targeting.user_properties against the user's stored properties", async () => {
    const pro = await create('guide', modal({ targeting: { user_properties: [{ property: 'plan', op: 'eq', value: 'pro' }] } }));
    await postJson(`${api.url}/v1/identify`, { device_id: 'dev-1', user_id: 'user-1', user_properties: { plan: 'pro' } }, { 'X-API-Key': api.demo.pk });
    expect(await guideIds({ device_id: 'dev-1', user_id: 'user-1' })).toEqual([pro]);
    expect(await guideIds({ device_id: 'dev-2', user_id: 'user-2' })).toEqual([]);
    expect(await guideIds({ device_id: 'dev-1' })).toEqual([]);
  });

  it('leaves out the guides the person dismissed or completed, on any of their devices', async () => {
    const dismissed = await create('guide', modal());
    const completed = await create('guide', modal());
    const open = await create('guide', modal());
    await postJson(`${api.url}/v1/identify`, { device_id: 'dev-1', user_id: 'user-1' }, { 'X-API-Key': api.demo.pk });
    await track({ event_name: '$guide_shown', device_id: 'dev-1', str_properties: { guide_id: String(open) } });
    await track({ event_name: '$guide_dismissed', device_id: 'dev-1', str_properties: { guide_id: String(dismissed) } });
    await track({ event_name: '$guide_completed', user_id: 'user-1', str_properties: { guide_id: String(completed) } });
    expect(await guideIds({ device_id: 'dev-1', user_id: 'user-1' })).toEqual([open]);
    expect(await guideIds({ device_id: 'dev-9', user_id: 'user-1' })).toEqual([open]);
    expect(await guideIds({ device_id: 'dev-1' })).toEqual([completed, open]);
    expect(await guideIds({ device_id: 'dev-2' })).toEqual([dismissed, completed, open]);
  });

  it('resolves the flag of a guide: only people whose variant is listed get it, with the variant', async () => {
    await create(
      'flag',
      {
        key: 'pricing-test',
        active: true,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'test', weight: 50 },
        ],
      },
      'pricing-test',
    );
    const forTest = await create('guide', modal({ flag_key: 'pricing-test', variants: ['test'] }));
    const forAny = await create('guide', modal({ flag_key: 'pricing-test' }));
    // user-1 is in variant "test", device-abc in "control" (docs/ingestion-endpoints.md test vectors).
    const guides = (await decide('guides', { user_id: 'user-1' })).body.guides;
    expect(guides?.map((guide) => [guide.id, guide.variant, guide.flag_key])).toEqual([
      [forTest, 'test', 'pricing-test'],
      [forAny, 'test', 'pricing-test'],
    ]);
    expect(guides?.[0]).not.toHaveProperty('variants');
    expect(await guideIds({ device_id: 'device-abc' })).toEqual([forAny]);
  });

  it('gives nothing to a person out of the rollout, or when the flag is inactive or unknown', async () => {
    await create('flag', { key: 'new-checkout', active: true, rollout_percentage: 80 }, 'new-checkout');
    await create('flag', { key: 'off', active: false }, 'off');
    const rolled = await create('guide', modal({ flag_key: 'new-checkout' }));
    await create('guide', modal({ flag_key: 'off' }));
    await create('guide', modal({ flag_key: 'missing' }));
    expect(await guideIds({ user_id: 'user-1' })).toEqual([]); // bucket 0.9168… ≥ 0.8
    expect((await decide('guides', { user_id: 'user-2' })).body.guides).toEqual([expect.objectContaining({ id: rolled, variant: true })]);
  });

  it('skips stored guides whose data is not a valid guide', async () => {
    await create('guide', { name: 'Broken', type: 'tooltip', status: 'active', body: 'no selector' });
    expect(await guideIds({ device_id: 'dev-1' })).toEqual([]);
  });

  it.each([
    ['neither device_id nor user_id', {}, 'user_id or device_id is required'],
    ['user_id "undefined"', { user_id: 'undefined' }, 'user_id must not be blank, "undefined" or "null"'],
    ['a device_id over 200 characters', { device_id: 'd'.repeat(201) }, 'device_id must be at most 200 characters'],
  ])('answers 400 for %s', async (_case, query, error) => {
    const res = await decide('guides', query);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(error);
  });

  it('answers 400 for a repeated parameter', async () => {
    const res = await fetch(`${api.url}/v1/decide/guides?device_id=a&device_id=b`, { headers: { 'X-API-Key': api.demo.pk } });
    expect(res.status).toBe(400);
  });

  it('answers 401 without an SDK key', async () => {
    expect((await decide('guides', { device_id: 'dev-1' }, null)).status).toBe(401);
  });
});

describe('GET /v1/decide/surveys', () => {
  it('returns the active, targeted surveys without status or targeting', async () => {
    const choice = await create('survey', {
      name: 'Why',
      type: 'multiple_choice',
      status: 'active',
      question: 'Why?',
      choices: ['Price', 'Speed'],
      targeting: { url: { op: 'starts_with', value: 'https://shop.example/' } },
    });
    await create('survey', nps({ status: 'draft' }));
    expect(await decide('surveys', { device_id: 'dev-1', url: 'https://shop.example/thanks' })).toMatchObject({
      status: 200,
      body: { surveys: [{ id: choice, name: 'Why', type: 'multiple_choice', question: 'Why?', choices: ['Price', 'Speed'] }] },
    });
    expect((await decide('surveys', { device_id: 'dev-1', url: 'https://shop.example/thanks' })).body.surveys?.[0]).not.toHaveProperty('targeting');
  });

  it('leaves out the surveys the person answered or dismissed', async () => {
    const answered = await create('survey', nps());
    const dismissed = await create('survey', nps());
    const open = await create('survey', nps());
    await track({ event_name: '$survey_sent', device_id: 'dev-1', str_properties: { survey_id: String(answered) }, num_properties: { response: 9 } });
    await track({ event_name: '$survey_dismissed', device_id: 'dev-1', str_properties: { survey_id: String(dismissed) } });
    await track({ event_name: '$survey_shown', device_id: 'dev-1', str_properties: { survey_id: String(open) } });
    expect(await surveyIds({ device_id: 'dev-1' })).toEqual([open]);
    expect(await surveyIds({ device_id: 'dev-2' })).toEqual([answered, dismissed, open]);
  });

  it('resolves the flag variant of a survey', async () => {
    await create(
      'flag',
      {
        key: 'pricing-test',
        active: true,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'test', weight: 50 },
        ],
      },
      'pricing-test',
    );
    const control = await create('survey', nps({ flag_key: 'pricing-test', variants: ['control'] }));
    expect(await surveyIds({ device_id: 'device-abc' })).toEqual([control]);
    expect(await surveyIds({ user_id: 'user-1' })).toEqual([]);
  });

  it('answers 400 without a person and 401 without a key', async () => {
    expect((await decide('surveys', { url: 'https://shop.example/' })).status).toBe(400);
    expect((await decide('surveys', { device_id: 'dev-1' }, null)).status).toBe(401);
  });
});

describe('decide when storage is down', () => {
  it('answers 503 with Retry-After on both routes', async () => {
    const storage = createMemoryStorage();
    await api.close();
    api = await startTestServer({ storage });
    vi.spyOn(storage.config, 'listDocuments').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    for (const what of ['guides', 'surveys'] as const) {
      const res = await decide(what, { device_id: 'dev-1' });
      expect(res).toMatchObject({ status: 503, body: { error: expect.any(String) } });
      expect(res.headers.get('retry-after')).toBe('5');
    }
  });

  it("answers 503 when reading the person's closing events fails", async () => {
    const storage = createMemoryStorage();
    await api.close();
    api = await startTestServer({ storage });
    await create('guide', modal());
    vi.spyOn(storage.queryEngine, 'run').mockRejectedValue(Object.assign(new Error('server has gone away'), { code: 'PROTOCOL_CONNECTION_LOST' }));
    expect((await decide('guides', { device_id: 'dev-1' })).status).toBe(503);
  });
});
