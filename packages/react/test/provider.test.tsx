// @vitest-environment jsdom
import { StrictMode, useEffect, version } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Northstar, getInstance } from '@northstar/browser';
import type { Plugin } from '@northstar/browser';
import { NorthstarProvider, useNorthstar, useTrackEvent } from '../src/index.js';
import { API_KEY, ENDPOINT, batches, config, delivered, flushShared, names, useApi } from './msw-api.js';

useApi();

function TrackOnMount({ event }: { event: string }) {
  const track = useTrackEvent();
  useEffect(() => track(event, { from: 'effect' }), [track, event]);
  return null;
}

function ClientState() {
  const client = useNorthstar();
  return <p>{client ? `started ${String(client.active)}` : 'no client'}</p>;
}

describe(`NorthstarProvider (React ${version})`, () => {
  it('starts the shared instance once under Strict Mode: one init, one $pageview', async () => {
    const warn = vi.spyOn(console, 'warn');
    render(
      <StrictMode>
        <NorthstarProvider config={{ ...config, debug: true }}>
          <ClientState />
        </NorthstarProvider>
      </StrictMode>,
    );
    await flushShared();
    expect(names()).toEqual(['$pageview']);
    expect(batches.flatMap((b) => b.batch).filter((e) => e.event_name === '$session_start')).toHaveLength(1);
    // init() called a second time would return the same instance with this debug warning.
    expect(warn.mock.calls.flat().join(' ')).not.toContain('init() called again');
    expect(getInstance()?.active).toBe(true);
    expect(screen.getByText('started true')).toBeDefined();
  });

  it('delivers a track() made in a child mount effect, which runs before the provider has started', async () => {
    render(
      <StrictMode>
        <NorthstarProvider config={config}>
          <TrackOnMount event="opened" />
        </NorthstarProvider>
      </StrictMode>,
    );
    await flushShared();
    // Strict Mode runs the child's effect twice, and both calls are the app's own: both are sent.
    expect(names()).toEqual(['$pageview', 'opened', 'opened']);
    expect(delivered()[1]?.str_properties?.from).toBe('effect');
  });

  it('is the shared instance of @northstar/browser, so its plain functions reach the same client', async () => {
    render(<NorthstarProvider config={config} />);
    const { track } = await import('@northstar/browser');
    track('from-module');
    await flushShared();
    expect(names()).toEqual(['$pageview', 'from-module']);
  });

  it('destroys the instance it started when the last provider unmounts, and a later provider starts a new one', async () => {
    const first = render(<NorthstarProvider config={config} />);
    const started = getInstance();
    expect(started?.active).toBe(true);
    first.unmount();
    await act(() => Promise.resolve());
    expect(started?.active).toBe(false);
    render(<NorthstarProvider config={config} />);
    expect(getInstance()).not.toBe(started);
    expect(getInstance()?.active).toBe(true);
  });

  it('keeps the instance while another provider still holds it', async () => {
    const outer = render(<NorthstarProvider config={config} />);
    const inner = render(<NorthstarProvider config={config} />);
    inner.unmount();
    await act(() => Promise.resolve());
    expect(getInstance()?.active).toBe(true);
    outer.unmount();
    await act(() => Promise.resolve());
    expect(getInstance()?.active).toBe(false);
  });

  it("uses the app's own init() as it is and leaves it running on unmount", async () => {
    const { init } = await import('@northstar/browser');
    const own = init(config);
    const view = render(
      <NorthstarProvider config={{ ...config, apiKey: 'pk_other' }}>
        <TrackOnMount event="mounted" />
      </NorthstarProvider>,
    );
    view.unmount();
    await act(() => Promise.resolve());
    expect(own.active).toBe(true);
    await own.flush();
    expect(names()).toEqual(['$pageview', 'mounted']);
  });

  it('sets up the plugins it is given on the instance it starts', () => {
    const setup = vi.fn();
    const plugin: Plugin = { name: 'test', setup };
    render(<NorthstarProvider config={config} plugins={[plugin]} />);
    expect(setup).toHaveBeenCalledExactlyOnceWith(getInstance());
  });

  it('hands a client of the app to the hooks without starting or destroying it', async () => {
    const client = new Northstar({ apiKey: API_KEY, endpoint: ENDPOINT }).start();
    const view = render(
      <StrictMode>
        <NorthstarProvider client={client}>
          <ClientState />
          <TrackOnMount event="with-client" />
        </NorthstarProvider>
      </StrictMode>,
    );
    expect(screen.getByText('started true')).toBeDefined();
    view.unmount();
    await act(() => Promise.resolve());
    expect(client.active).toBe(true);
    expect(getInstance()?.active).toBeFalsy();
    await client.flush();
    expect(names()).toEqual(['with-client', 'with-client']);
    client.destroy();
  });

  it('leaves the hooks inert outside a provider', () => {
    render(
      <>
        <ClientState />
        <TrackOnMount event="nowhere" />
      </>,
    );
    expect(screen.getByText('no client')).toBeDefined();
    expect(getInstance()?.active).toBeFalsy();
  });
});
