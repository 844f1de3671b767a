// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, safeHref } from '../src/overlay/dom.js';
import { escapeCloses, trapFocus } from '../src/overlay/focus.js';
import { claimOverlay, OVERLAY_INTERVAL } from '../src/overlay/frequency-cap.js';
import { trackOverlay } from '../src/overlay/interaction-events.js';
import { createHost } from '../src/overlay/overlay-host.js';
import { startClient, useApi } from './msw-api.js';

useApi();
afterEach(() => document.body.replaceChildren());

const item = (id: number) => ({ id, type: 'modal', name: `guide ${id}` });

describe('h(): DOM from server content', () => {
  it('puts text in as text, never as markup, and refuses handler attributes', () => {
    const text = '<img src=x onerror="window.pwned=1">';
    const element = h('p', { title: text, onclick: 'window.pwned=1' }, text);
    expect(element.textContent).toBe(text);
    expect(element.children).toHaveLength(0);
    expect(element.getAttribute('title')).toBe(text);
    expect(element.hasAttribute('onclick')).toBe(false);
  });

  it('keeps only http(s) links', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('/docs')).toBe(`${location.origin}/docs`);
    for (const unsafe of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', '']) expect(safeHref(unsafe)).toBeUndefined();
    expect(h('a', { href: 'javascript:alert(1)' }).hasAttribute('href')).toBe(false);
  });
});

describe('the overlay host', () => {
  it('is an element in <body> with an open shadow root, its styles, and a polite live region', () => {
    // Without constructable stylesheets (Chromium has them: the CDN page's strict CSP in test/e2e shows that path).
    vi.stubGlobal('CSSStyleSheet', undefined);
    const host = createHost('guide:1', '.x{color:red}', 'n0nce');
    vi.unstubAllGlobals();
    expect(document.querySelector('[data-northstar-overlay="guide:1"]')).toBe(host.element);
    expect(host.root.mode).toBe('open');
    const live = host.root.querySelector('[role="status"]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    // The <style> element of the fallback carries the nonce.
    const style = host.root.querySelector('style');
    expect(style?.getAttribute('nonce')).toBe('n0nce');
    expect(style?.textContent).toContain('.x{color:red}');
    expect(style?.textContent).toContain('prefers-reduced-motion');
    host.remove();
    expect(document.querySelector('[data-northstar-overlay]')).toBeNull();
  });
});

describe('the frequency cap shared by guides and surveys', () => {
  it('never shows two at once: a second claim waits until the first host is gone', () => {
    const client = startClient({ overlayInterval: 0 });
    const first = claimOverlay(client, 'guide', item(1), '');
    expect(first).toBeDefined();
    expect(claimOverlay(client, 'survey', item(2), '')).toBeUndefined();
    first?.remove();
    expect(claimOverlay(client, 'survey', item(2), '')).toBeDefined();
  });

  it('shows a new item only once the interval has passed since the last new one, across kinds', () => {
    const client = startClient();
    const t = 1_700_000_000_000;
    claimOverlay(client, 'guide', item(1), '', t)?.remove();
    expect(claimOverlay(client, 'survey', item(2), '', t + OVERLAY_INTERVAL - 1)).toBeUndefined();
    expect(claimOverlay(client, 'survey', item(2), '', t + OVERLAY_INTERVAL)).toBeDefined();
  });

  it('lets an item already started come back without waiting (a tour on its next page)', () => {
    const client = startClient();
    const t = 1_700_000_000_000;
    claimOverlay(client, 'guide', item(1), '', t)?.remove();
    claimOverlay(client, 'guide', item(2), '', t + 10)?.remove();
    expect(claimOverlay(client, 'guide', item(1), '', t + 20)).toBeDefined();
  });
});

describe('focus and Escape', () => {
  function panel(): HTMLElement {
    const container = h('div', {}, h('button', { id: 'a' }, 'a'), h('button', { id: 'b' }, 'b'));
    document.body.append(container);
    return container;
  }
  const tab = (target: Element, shiftKey = false) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }));

  it('trapFocus moves focus in, wraps Tab and Shift+Tab at the ends, and gives focus back after', () => {
    const outside = h('button', {}, 'outside');
    document.body.append(outside);
    outside.focus();
    const container = panel();
    const release = trapFocus(container);
    expect(document.activeElement?.id).toBe('a');
    tab(document.activeElement as Element, true);
    expect(document.activeElement?.id).toBe('b');
    tab(document.activeElement as Element);
    expect(document.activeElement?.id).toBe('a');
    release();
    expect(document.activeElement).toBe(outside);
  });

  it('escapeCloses calls back on Escape inside the container only', () => {
    const container = panel();
    let closed = 0;
    escapeCloses(container, () => closed++);
    container.querySelector('button')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(closed).toBe(1);
  });
});

describe('trackOverlay', () => {
  it('names the item by id (a string), type, name and variant, with the extra properties', () => {
    const client = startClient();
    const events: unknown[] = [];
    client.on('event', (e) => e.event_name.startsWith('$guide') && events.push(e));
    trackOverlay(client, 'guide', 'completed', { ...item(4), variant: 'b' }, { step: 3 });
    expect(events[0]).toMatchObject({
      event_name: '$guide_completed',
      str_properties: { guide_id: '4', guide_type: 'modal', guide_name: 'guide 4', guide_variant: 'b' },
      num_properties: { step: 3 },
    });
  });
});
