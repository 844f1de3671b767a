// @vitest-environment jsdom
import { StrictMode, version } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { NorthstarConfig } from '@northstar/browser';
import { NorthstarProvider, useFeatureFlag, useFeatureFlagEnabled, useFeatureFlagState } from '../src/index.js';
import { answerFlags, config, delivered, flagRequests, flushShared, server, useApi } from './msw-api.js';

useApi();

/** Every value the component rendered with, in order. */
const rendered: (string | boolean | undefined)[] = [];

function Checkout() {
  const variant = useFeatureFlag('checkout');
  rendered.push(variant);
  return <p data-testid="checkout">{variant === undefined ? 'loading' : `checkout ${String(variant)}`}</p>;
}

const withBootstrap: NorthstarConfig = { ...config, bootstrap: { featureFlags: { checkout: 'b' } } };

const app = (cfg: NorthstarConfig) => (
  <StrictMode>
    <NorthstarProvider config={cfg}>
      <Checkout />
    </NorthstarProvider>
  </StrictMode>
);

describe(`useFeatureFlag (React ${version})`, () => {
  it('answers loading, then the value the server gives, and re-renders when it changes', async () => {
    rendered.length = 0;
    answerFlags({ checkout: 'b' });
    render(app(config));
    expect(rendered[0]).toBeUndefined();
    await screen.findByText('checkout b');
    answerFlags({ checkout: 'c' });
    const { reloadFeatureFlags } = await import('@northstar/browser');
    await act(() => reloadFeatureFlags());
    expect(screen.getByTestId('checkout').textContent).toBe('checkout c');
  });

  it('renders a bootstrapped value on the first client render, and never a loading state', async () => {
    rendered.length = 0;
    answerFlags({ checkout: 'b' });
    render(app(withBootstrap));
    await waitFor(() => expect(flagRequests.count).toBeGreaterThan(0));
    await act(() => flushShared());
    expect(rendered[0]).toBe('b');
    expect(new Set(rendered)).toEqual(new Set(['b']));
  });

  it('answers false for a flag the server does not name once it has answered, and in three states', async () => {
    answerFlags({ other: true });
    const states: string[] = [];
    function Flags() {
      const state = useFeatureFlagState('missing');
      const enabled = useFeatureFlagEnabled('other');
      states.push(state.status === 'ready' ? `${state.status} ${String(state.value)} ${state.source}` : state.status);
      return <p>{`other ${String(enabled)}`}</p>;
    }
    render(
      <NorthstarProvider config={config}>
        <Flags />
      </NorthstarProvider>,
    );
    await screen.findByText('other true');
    expect(states[0]).toBe('loading');
    expect(states.at(-1)).toBe('ready false server');
  });

  it('sends one $feature_flag_called for the value the component showed', async () => {
    answerFlags({ checkout: 'b' });
    render(app(withBootstrap));
    await waitFor(() => expect(flagRequests.count).toBeGreaterThan(0));
    await act(() => flushShared());
    const exposures = delivered().filter((e) => e.event_name === '$feature_flag_called');
    expect(exposures.map((e) => [e.str_properties?.$feature_flag, e.str_properties?.$feature_flag_response])).toEqual([['checkout', 'b']]);
  });

  it('hydrates server HTML rendered with the bootstrap without a mismatch, and without changing the page', async () => {
    answerFlags({ checkout: 'b' });
    const html = renderToString(app(withBootstrap));
    expect(html).toContain('checkout b');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });
    const recoverable = vi.fn();
    // What RTL's render() sets up with test globals (this project has none): hydrateRoot is called here directly.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    const consoleError = vi.spyOn(console, 'error');
    rendered.length = 0;
    const root = await act(() => hydrateRoot(container, app(withBootstrap), { onRecoverableError: recoverable }));
    await waitFor(() => expect(flagRequests.count).toBeGreaterThan(0));
    await act(() => flushShared());
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(changes).toEqual([]);
    expect(new Set(rendered)).toEqual(new Set(['b']));
    expect(container.textContent).toBe('checkout b');
    act(() => root.unmount());
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });

  it('keeps the bootstrap value when the server cannot be reached', async () => {
    server.use(http.post(/\/v1\/flags\/evaluate$/, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    rendered.length = 0;
    render(app(withBootstrap));
    await act(() => flushShared());
    expect(screen.getByTestId('checkout').textContent).toBe('checkout b');
  });
});
