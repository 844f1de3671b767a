// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clickedElement, describeElement, elementText, isBlocked } from '../src/dom/element.js';
import { stableSelector } from '../src/dom/selector.js';
import { h, page } from './dom-builder.js';

/** The selector of `el` finds `el` and nothing else. */
const resolves = (el: Element): void => expect(Array.from(document.querySelectorAll(stableSelector(el)))).toEqual([el]);

describe('the stable selector of an element', () => {
  it('is the id when the element has one', () => {
    const button = h('button', { id: 'buy', class: 'btn x1' }, 'Buy');
    page(h('div', {}, button));
    expect(stableSelector(button)).toBe('#buy');
  });

  it('prefers a data attribute, then a field name, then a role, over positions', () => {
    const save = h('button', { 'data-testid': 'save' }, 'Save');
    const email = h('input', { name: 'email' });
    const menu = h('div', { role: 'menuitem' }, 'Open');
    page(h('div', {}, h('button', {}, 'Other'), save), h('form', {}, h('input', {}), email), h('nav', {}, menu));
    expect(stableSelector(save)).toBe('button[data-testid="save"]');
    expect(stableSelector(email)).toBe('input[name="email"]');
    expect(stableSelector(menu)).toBe('div[role="menuitem"]');
  });

  it('climbs to an ancestor id and counts positions only among siblings of the same tag', () => {
    const second = h('li', {}, 'two');
    page(h('ul', {}, h('li', {}, 'a')), h('section', { id: 'list' }, h('ul', {}, h('li', {}, 'one'), second)));
    const selector = stableSelector(second);
    expect(selector).toBe('#list > ul > li:nth-of-type(2)');
    expect(document.querySelector(selector)).toBe(second);
  });

  it('does not stop at a bare tag that happens to be unique today: it climbs to body', () => {
    const link = h('a', { href: '/x' }, 'x');
    page(h('main', {}, h('p', {}, link)));
    expect(stableSelector(link)).toBe('body > main > p > a');
    resolves(link);
  });

  it('stops at the first named step that matches the element alone', () => {
    const link = h('a', { href: '/x' }, 'x');
    page(h('nav', { role: 'navigation' }, h('a', { href: '/y' }, 'y'), link), h('footer', {}, h('a', {}, 'z')));
    expect(stableSelector(link)).toBe('nav[role="navigation"] > a:nth-of-type(2)');
    resolves(link);
  });

  it('is computed once per element and event, and again for the next event', () => {
    const item = h('li', {}, 'b');
    const list = h('ul', {}, h('li', {}, 'a'), item);
    page(list);
    const click = new MouseEvent('click');
    expect(stableSelector(item, click)).toBe('body > ul > li:nth-of-type(2)');
    list.prepend(h('li', {}, 'new'));
    // Same event: the listeners of one click describe the element the same way.
    expect(stableSelector(item, click)).toBe('body > ul > li:nth-of-type(2)');
    expect(stableSelector(item, new MouseEvent('click'))).toBe('body > ul > li:nth-of-type(3)');
    expect(stableSelector(item)).toBe('body > ul > li:nth-of-type(3)');
    resolves(item);
  });
});

describe('the description of an element ($click and the frustration signals)', () => {
  it('has tag, id, classes, text cut to 100 characters, selector and absolute href', () => {
    const link = h('a', { id: 'docs', class: 'nav  primary', href: '/docs?x=1' }, `  Read\n the ${'long '.repeat(40)}`);
    page(link);
    const d = describeElement(link);
    expect(d).toMatchObject({ $el_tag: 'a', $el_id: 'docs', $el_classes: 'nav primary', $el_selector: '#docs', $el_href: 'http://localhost:3000/docs?x=1' });
    expect(d.$el_text).toMatch(/^Read the long long/);
    expect(d.$el_text as string).toHaveLength(100);
  });

  it('never reads the value or the text of a field, nor of anything editable', () => {
    const input = h('input', { type: 'text', name: 'q' }) as HTMLInputElement;
    input.value = 'secret-typed';
    const area = h('textarea', { name: 'note' }, 'secret-default');
    const editable = h('div', { contenteditable: 'true' }, 'secret-edited');
    const inner = h('b', {}, 'secret-inner');
    const around = h('div', {}, 'around', h('span', { contenteditable: 'true' }, 'secret-nested'));
    page(input, area, editable, h('div', { contenteditable: 'true' }, inner), around);
    for (const el of [input, area, editable, inner, around]) expect(JSON.stringify(describeElement(el))).not.toContain('secret');
    expect(describeElement(input)).toMatchObject({ $el_tag: 'input', $el_type: 'text', $el_name: 'q' });
  });

  it('takes $el_href from the closest link, so a button inside a link names where it goes', () => {
    const button = h('button', { id: 'buy' }, 'Buy');
    page(h('a', { href: '/pricing' }, button));
    expect(describeElement(button)).toMatchObject({ $el_tag: 'button', $el_href: 'http://localhost:3000/pricing' });
  });

  it('leaves the parts inside .sdk-no-capture out of the text around them', () => {
    page(h('div', { id: 'card' }, 'Total ', h('span', { class: 'sdk-no-capture' }, 'secret-amount'), ' due'));
    expect(elementText(document.querySelector('#card') as Element)).toBe('Total due');
  });

  it('leaves out a text that looks like a card number', () => {
    expect(elementText(h('span', {}, 'Card 4111 1111 1111 1111'))).toBe('');
    expect(elementText(h('span', {}, 'Order 1234'))).toBe('Order 1234');
  });
});

describe('what is never captured', () => {
  it('password fields and anything inside .sdk-no-capture or [data-sdk-no-capture]', () => {
    const password = h('input', { type: 'password' });
    const hidden = h('button', {}, 'in class');
    const hiddenToo = h('span', {}, 'in attribute');
    page(password, h('div', { class: 'sdk-no-capture' }, h('p', {}, hidden)), h('section', { 'data-sdk-no-capture': '' }, hiddenToo), h('button', {}, 'ok'));
    expect([password, hidden, hiddenToo].map(isBlocked)).toEqual([true, true, true]);
    expect(isBlocked(document.querySelector('body > button') as Element)).toBe(false);
  });

  it('a click is about the nearest clickable ancestor, and is dropped when that or the target is blocked', () => {
    const icon = h('i', {}, '*');
    const button = h('button', { id: 'go' }, icon);
    const secret = h('span', {}, 'x');
    page(button, h('a', { href: '/p', class: 'sdk-no-capture' }, secret), h('p', {}, 'plain'));
    expect(clickedElement(icon)).toBe(button);
    expect(clickedElement(secret)).toBeNull();
    expect(clickedElement(document.querySelector('p'))?.localName).toBe('p');
    expect(clickedElement(null)).toBeNull();
  });
});
