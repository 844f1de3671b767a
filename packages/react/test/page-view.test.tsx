// @vitest-environment jsdom
import { StrictMode, version } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NorthstarProvider, usePageView } from '../src/index.js';
import { config, delivered, flushShared, useApi } from './msw-api.js';

useApi();

/** A screen of a router that changes no URL (a memory router): the route is state. */
function Screen({ route }: { route: string | undefined }) {
  usePageView(route, { $pathname: route });
  return null;
}

const manual = { ...config, autocapture: { pageViews: false } };
const app = (route: string | undefined) => (
  <StrictMode>
    <NorthstarProvider config={manual}>
      <Screen route={route} />
    </NorthstarProvider>
  </StrictMode>
);

const pageviews = () =>
  delivered()
    .filter((e) => e.event_name === '$pageview')
    .map((e) => e.str_properties?.$pathname);

describe(`usePageView (React ${version})`, () => {
  it('sends one $pageview per route under Strict Mode, and again only when the route changes', async () => {
    const view = render(app('/home'));
    view.rerender(app('/home'));
    view.rerender(app('/pricing'));
    view.rerender(app('/pricing'));
    view.rerender(app('/home'));
    await flushShared();
    expect(pageviews()).toEqual(['/home', '/pricing', '/home']);
  });

  it('sends nothing without a route', async () => {
    render(app(undefined));
    await flushShared();
    expect(pageviews()).toEqual([]);
  });

  it('reads the rest of the page context from location, as automatic page views do', async () => {
    history.replaceState(null, '', '/shell?tab=2');
    render(app('/settings'));
    await flushShared();
    expect(delivered()[0]?.str_properties).toMatchObject({ $pathname: '/settings', $current_url: 'http://localhost:3000/shell?tab=2' });
  });
});
