// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { autocapture, clicks, forms, pageLeave, pageViews, scrollDepth } from '../src/index.js';
import { delivered, names, startClient, useApi } from './msw-api.js';
import { h, page } from './dom-builder.js';

useApi();
afterEach(() => {
  history.replaceState(null, '', '/');
  page();
});

/** Puts the page at `scrollY` in a document `height` px tall (jsdom lays nothing out) and fires `scroll`. */
function scrollTo(scrollY: number, height = 2000): void {
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: height, configurable: true });
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true });
  dispatchEvent(new Event('scroll'));
}

const props = (name: string) => delivered().filter((e) => e.event_name === name);

describe('$click', () => {
  it('describes the clickable element around the click target', async () => {
    const icon = h('i', {}, '→');
    page(h('nav', {}, h('a', { id: 'pricing', class: 'top', href: '/pricing' }, 'Pricing ', icon)));
    const client = startClient({ autocapture: false }).use(clicks);
    icon.click();
    await client.flush();
    expect(props('$click')[0]?.str_properties).toMatchObject({
      $el_tag: 'a',
      $el_id: 'pricing',
      $el_classes: 'top',
      $el_text: 'Pricing →',
      $el_selector: '#pricing',
      $el_href: 'http://localhost:3000/pricing',
    });
  });

  it('captures nothing for a password field or inside a no-capture element', async () => {
    const password = h('input', { type: 'password' });
    const blocked = h('button', {}, 'blocked');
    const attr = h('span', {}, 'attr');
    page(password, h('div', { class: 'sdk-no-capture' }, blocked), h('div', { 'data-sdk-no-capture': 'true' }, attr));
    const client = startClient({ autocapture: false }).use(clicks);
    for (const el of [password, blocked, attr]) el.click();
    await client.flush();
    expect(names()).toEqual([]);
  });
});

describe('$form_submit', () => {
  it('sends the form id, name, action, method and field names, never a value', async () => {
    const fields = [
      h('input', { name: 'email', type: 'email' }),
      h('input', { name: 'password', type: 'password' }),
      h('input', { name: 'token', type: 'hidden' }),
    ];
    const form = h(
      'form',
      { id: 'signup', name: 'signup-form', action: '/join', method: 'post' },
      ...fields,
      h('textarea', { name: 'bio' }),
      h('button', {}, 'Go'),
    );
    form.addEventListener('submit', (e) => e.preventDefault());
    page(form);
    // A valid value for each field: an invalid email would stop requestSubmit() at validation.
    for (const field of fields) (field as HTMLInputElement).value = 'secret-value@example.com';
    (form.querySelector('textarea') as HTMLTextAreaElement).value = 'secret-value';
    const client = startClient({ autocapture: false }).use(forms);
    (form as HTMLFormElement).requestSubmit();
    await client.flush();
    const [event] = props('$form_submit');
    expect(event?.str_properties).toMatchObject({
      $form_id: 'signup',
      $form_name: 'signup-form',
      $form_action: '/join',
      $form_method: 'post',
      $form_fields: '["email","password","token","bio"]',
    });
    expect(JSON.stringify(delivered())).not.toContain('secret');
  });

  it('reads the attributes even when fields are named id or action', async () => {
    const form = h('form', { id: 'f', action: '/a' }, h('input', { name: 'id' }), h('input', { name: 'action' }));
    form.addEventListener('submit', (e) => e.preventDefault());
    page(form, h('form', { class: 'sdk-no-capture' }));
    const client = startClient({ autocapture: false }).use(forms);
    (form as HTMLFormElement).requestSubmit();
    (document.querySelector('.sdk-no-capture') as HTMLFormElement).addEventListener('submit', (e) => e.preventDefault());
    (document.querySelector('.sdk-no-capture') as HTMLFormElement).requestSubmit();
    await client.flush();
    expect(props('$form_submit').map((e) => [e.str_properties?.$form_id, e.str_properties?.$form_action])).toEqual([['f', '/a']]);
  });
});

describe('$scroll_depth', () => {
  it('fires once per threshold per page view, starting over at each $pageview', async () => {
    const client = startClient().use(pageViews).use(scrollDepth);
    scrollTo(300); // (300 + 768) / 2000 = 53 %
    scrollTo(0);
    scrollTo(400);
    scrollTo(1300); // 100 %
    history.pushState(null, '', '/next');
    scrollTo(200); // 48 %
    await client.flush();
    const depths = delivered()
      .filter((e) => e.event_name === '$scroll_depth' || e.event_name === '$pageview')
      .map((e) => (e.event_name === '$pageview' ? e.str_properties?.$pathname : e.num_properties?.$depth));
    expect(depths).toEqual(['/', 25, 50, 75, 100, '/next', 25]);
  });
});

describe('$pageleave', () => {
  it('goes out just before the next $pageview with the left page, its time on page and its deepest scroll, never after it', async () => {
    history.replaceState(null, '', '/first');
    const client = startClient().use(pageViews).use(pageLeave);
    scrollTo(732); // 75 %
    scrollTo(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    history.pushState(null, '', '/second');
    client.track('$pageview'); // a manual call on the same URL: a new page view too
    await client.flush();
    const flow = delivered().map((e) => `${e.event_name} ${e.str_properties?.$pathname}`);
    expect(flow).toEqual(['$pageview /first', '$pageleave /first', '$pageview /second', '$pageleave /second', '$pageview /second']);
    const [first] = props('$pageleave');
    expect(first?.str_properties?.$current_url).toBe('http://localhost:3000/first');
    expect(first?.str_properties?.$referrer).toBeUndefined();
    expect(first?.num_properties?.$max_scroll).toBe(75);
    expect(first?.num_properties?.$time_on_page).toBeGreaterThanOrEqual(25);
    const times = delivered().map((e) => Date.parse(e.timestamp ?? ''));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.parse(first?.timestamp ?? '')).toBeLessThanOrEqual(Date.parse(delivered()[2]?.timestamp ?? ''));
  });

  it('goes out on pagehide, once, and before the SDK sends its last events', () => {
    const client = startClient().use(pageLeave);
    const queued: string[] = [];
    client.on('event', (e) => queued.push(e.event_name));
    let sentWith: string[] = [];
    addEventListener('pagehide', () => (sentWith = [...queued]));
    dispatchEvent(new Event('pagehide'));
    dispatchEvent(new Event('pagehide'));
    expect(queued.filter((n) => n === '$pageleave')).toHaveLength(1);
    expect(sentWith).toContain('$pageleave');
  });
});

describe('$pageleave and the back-forward cache', () => {
  it('starts a new page view when the page comes back from the cache', () => {
    const client = startClient().use(pageLeave);
    const queued: string[] = [];
    client.on('event', (e) => queued.push(e.event_name));
    dispatchEvent(new Event('pagehide'));
    const back = new Event('pageshow') as Event & { persisted: boolean };
    Object.defineProperty(back, 'persisted', { value: true });
    dispatchEvent(back);
    dispatchEvent(new Event('pagehide'));
    expect(queued.filter((n) => n === '$pageleave')).toHaveLength(2);
  });
});

describe('the autocapture plugin', () => {
  it('sets up every capture unless its flag is false', async () => {
    const button = h('button', { id: 'b' }, 'b');
    const form = h('form', { id: 'f' });
    form.addEventListener('submit', (e) => e.preventDefault());
    page(button, form);
    const client = startClient({ autocapture: { clicks: false, scroll: false } })
      .use(pageViews)
      .use(autocapture);
    button.click();
    (form as HTMLFormElement).requestSubmit();
    scrollTo(1300);
    history.pushState(null, '', '/x');
    await client.flush();
    expect(names()).toEqual(['$pageview', '$form_submit', '$pageleave', '$pageview']);
  });

  it('does nothing with autocapture: false', async () => {
    const button = h('button', {}, 'b');
    page(button);
    const client = startClient({ autocapture: false }).use(autocapture);
    button.click();
    scrollTo(1300);
    await client.flush();
    expect(names()).toEqual([]);
  });
});
