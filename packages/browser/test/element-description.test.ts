// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { describeElement, isExcluded, selectorOf } from '../src/plugins/frustration/element-description.js';

afterEach(() => document.body.replaceChildren());

/** Puts the fixture `html` in the body (parsed by DOMParser: no innerHTML anywhere). */
function page(html: string): void {
  document.body.replaceChildren(...Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes));
}
const $ = (selector: string): Element => document.querySelector(selector) as Element;

describe('the element description of frustration events', () => {
  it('describes tag, id, classes, text and link', () => {
    page('<a href="/pricing"><button id="buy" class="btn big">  Buy\n   now </button></a>');
    expect(describeElement($('#buy'))).toEqual({
      $el_tag: 'button',
      $el_id: 'buy',
      $el_classes: 'btn big',
      $el_text: 'Buy now',
      $el_selector: '#buy',
      $el_href: '/pricing',
    });
  });

  it('stops the selector at the closest id or stable data attribute, and uses roles and labels on the way', () => {
    page('<section id="cart"><ul><li><span role="button" aria-label="Remove">x</span></li></ul></section><div data-testid="menu"><i class="a b c">i</i></div>');
    expect(selectorOf($('span'))).toBe('#cart > ul > li > span[role="button"][aria-label="Remove"]');
    expect(selectorOf($('i'))).toBe('div[data-testid="menu"] > i.a.b');
  });

  it('uses positions only among siblings of the same tag without a role or label, and climbs at most 5 levels', () => {
    page('<div><p>one</p><p>two</p></div><div><div><div><div><div><div><b>deep</b></div></div></div></div></div></div>');
    expect(selectorOf($('p + p'))).toBe('body > div:nth-of-type(1) > p:nth-of-type(2)');
    expect(selectorOf($('b')).split(' > ')).toHaveLength(5);
  });

  it('never reads field values nor text inside excluded parts, and truncates text to 100 characters', () => {
    page(`<form id="f"><textarea>secret-a</textarea><input value="secret-b"><select><option>secret-c</option></select>
      <span class="sdk-no-capture">secret-d</span>${'long '.repeat(40)}</form>`);
    const text = describeElement($('#f')).$el_text ?? '';
    expect(text).not.toMatch(/secret/);
    expect(text).toHaveLength(100);
  });

  it('excludes password fields and anything inside .sdk-no-capture or [data-sdk-no-capture]', () => {
    page('<input id="pw" type="password"><div class="sdk-no-capture"><b id="a">a</b></div><div data-sdk-no-capture><b id="b">b</b></div><b id="c">c</b>');
    expect(['#pw', '#a', '#b', '#c'].map((s) => isExcluded($(s)))).toEqual([true, true, true, false]);
  });
});
