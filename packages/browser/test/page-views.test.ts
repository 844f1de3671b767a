// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { pageViews } from '../src/index.js';
import { delivered, startClient, useApi } from './msw-api.js';
import { captures } from '../src/core/config.js';

useApi();
afterEach(() => history.replaceState(null, '', '/'));

const pageviews = (): (string | undefined)[] =>
  delivered()
    .filter((e) => e.event_name === '$pageview')
    .map((e) => e.str_properties?.$pathname);

describe('page views', () => {
  it('reads pageViews from a boolean or an object autocapture option', () => {
    expect(captures({ apiKey: 'pk_', endpoint: '' }, 'pageViews')).toBe(true);
    expect(captures({ apiKey: 'pk_', endpoint: '', autocapture: true }, 'pageViews')).toBe(true);
    expect(captures({ apiKey: 'pk_', endpoint: '', autocapture: {} }, 'pageViews')).toBe(true);
    expect(captures({ apiKey: 'pk_', endpoint: '', autocapture: false }, 'pageViews')).toBe(false);
    expect(captures({ apiKey: 'pk_', endpoint: '', autocapture: { pageViews: false } }, 'pageViews')).toBe(false);
  });

  it('sends $pageview when set up', async () => {
    history.replaceState(null, '', '/start');
    const client = startClient().use(pageViews);
    await client.flush();
    expect(pageviews()).toEqual(['/start']);
  });

  it('sends $pageview on pushState, with the previous page as referrer', async () => {
    const client = startClient().use(pageViews);
    history.pushState(null, '', '/next');
    await client.flush();
    expect(pageviews()).toEqual(['/', '/next']);
    expect(delivered()[1]?.str_properties?.$referrer).toBe('http://localhost:3000/');
  });

  it('sends $pageview on replaceState and hashchange only when the URL changes', async () => {
    const client = startClient().use(pageViews);
    history.replaceState({ step: 2 }, '');
    history.replaceState(null, '', '/other');
    history.replaceState(null, '', '/other#tab');
    dispatchEvent(new HashChangeEvent('hashchange'));
    await client.flush();
    expect(delivered().map((e) => e.str_properties?.$current_url)).toEqual([
      'http://localhost:3000/',
      'http://localhost:3000/other',
      'http://localhost:3000/other#tab',
    ]);
  });

  it('restores history methods on teardown', async () => {
    const { pushState, replaceState } = history;
    const client = startClient().use(pageViews);
    expect(history.pushState).not.toBe(pushState);
    client.destroy();
    expect(history.pushState).toBe(pushState);
    expect(history.replaceState).toBe(replaceState);
    const plain = startClient();
    history.pushState(null, '', '/after');
    dispatchEvent(new PopStateEvent('popstate'));
    await plain.flush();
    expect(pageviews()).toEqual(['/']);
  });
});
