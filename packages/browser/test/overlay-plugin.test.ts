// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOverlayPlugin } from '../src/overlay/overlay-plugin.js';
import type { OverlayItem, OverlayRenderer } from '../src/overlay/overlay-item.js';
import { API_KEY, server, startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => history.replaceState(null, '', '/'));

/** Answers `/v1/decide/guides` with `guides` and records each request. */
function decideAnswers(guides: unknown[]): Request[] {
  const seen: Request[] = [];
  server.use(
    http.get(/\/v1\/decide\/guides/, ({ request }) => {
      seen.push(request);
      return HttpResponse.json({ guides });
    }),
  );
  return seen;
}

/** A renderer that records what it mounts and unmounts, and a loader counting its loads. */
function fakeRenderer() {
  const mounted: OverlayItem[][] = [];
  let unmounted = 0;
  const renderer: OverlayRenderer = {
    mount: (_client, items) => {
      mounted.push(items);
      return () => void unmounted++;
    },
  };
  const load = vi.fn(() => Promise.resolve(renderer));
  return { mounted, load, unmounted: () => unmounted };
}

const GUIDE = { id: 7, type: 'modal', name: 'Welcome', body: 'Hi' };

describe('the overlay plugin (guides and surveys load their renderer through it)', () => {
  it('asks decide for the person and the page with the SDK key, and mounts the renderer with the answer', async () => {
    const seen = decideAnswers([GUIDE]);
    const fake = fakeRenderer();
    const client = startClient();
    client.identify('user-1');
    client.use(createOverlayPlugin('guide', fake.load));
    await vi.waitFor(() => expect(fake.mounted).toEqual([[GUIDE]]));
    const url = new URL(seen[0]?.url ?? '');
    expect(url.searchParams.get('device_id')).toBe(client.getDeviceId());
    expect(url.searchParams.get('user_id')).toBe('user-1');
    expect(url.searchParams.get('url')).toBe(location.href);
    expect(seen[0]?.headers.get('x-api-key')).toBe(API_KEY);
  });

  it('never loads the renderer when decide has nothing to show, or fails', async () => {
    const seen = decideAnswers([]);
    const fake = fakeRenderer();
    startClient().use(createOverlayPlugin('guide', fake.load));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    server.use(http.get(/\/v1\/decide\/guides/, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    history.pushState(null, '', '/second');
    startClient({ apiKey: 'pk_other' }).use(createOverlayPlugin('guide', fake.load));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.load).not.toHaveBeenCalled();
  });

  it('decides again at every page view, removing the previous page view first', async () => {
    const seen = decideAnswers([GUIDE]);
    const fake = fakeRenderer();
    const client = startClient();
    client.use(createOverlayPlugin('guide', fake.load));
    await vi.waitFor(() => expect(fake.mounted).toHaveLength(1));
    history.pushState(null, '', '/pricing');
    client.track('$pageview');
    await vi.waitFor(() => expect(fake.mounted).toHaveLength(2));
    expect(fake.unmounted()).toBe(1);
    expect(new URL(seen[1]?.url ?? '').searchParams.get('url')).toBe(`${location.origin}/pricing`);
    client.destroy();
    expect(fake.unmounted()).toBe(2);
  });

  it('sends nothing while consent is pending, and nothing at all when `guides: false`', async () => {
    const seen = decideAnswers([GUIDE]);
    const fake = fakeRenderer();
    startClient({ consentRequired: true }).use(createOverlayPlugin('guide', fake.load));
    startClient({ apiKey: 'pk_off', guides: false }).use(createOverlayPlugin('guide', fake.load));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
    expect(fake.load).not.toHaveBeenCalled();
  });
});
