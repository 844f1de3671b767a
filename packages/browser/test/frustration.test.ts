// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRUSTRATION_DEFAULTS, frustration } from '../src/index.js';
import { watchDeadClicks } from '../src/plugins/frustration/dead-clicks.js';
import { watchErraticCursor } from '../src/plugins/frustration/erratic-cursor.js';
import { watchErrorClicks } from '../src/plugins/frustration/error-clicks.js';
import type { Emit } from '../src/plugins/frustration/options.js';
import { watchRageClicks } from '../src/plugins/frustration/rage-clicks.js';
import { delivered, startClient, useApi } from './msw-api.js';

useApi();
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** Puts the fixture `html` in the body (parsed by DOMParser: no innerHTML anywhere). */
function page(html: string): void {
  document.body.replaceChildren(...Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes));
}
const $ = (selector: string): Element => document.querySelector(selector) as Element;
const click = (el: Element, x = 10, y = 10): boolean => el.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
const move = (x: number, y: number): boolean => document.body.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: x, clientY: y }));

/** Starts a detector with the defaults (and `options`) and returns the spy of what it emits. */
function watch(detector: (o: typeof FRUSTRATION_DEFAULTS, emit: Emit) => () => void, options: Partial<typeof FRUSTRATION_DEFAULTS> = {}) {
  const emit = vi.fn<Emit>();
  stop = detector({ ...FRUSTRATION_DEFAULTS, ...options }, emit);
  return emit;
}

describe('rage clicks', () => {
  beforeEach(() => vi.useFakeTimers());

  it('fires once when 3 clicks fall within 1 s and 30 px', () => {
    page('<button id="buy">Buy</button>');
    const emit = watch(watchRageClicks);
    click($('#buy'), 10, 10);
    vi.advanceTimersByTime(400);
    click($('#buy'), 20, 20);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    click($('#buy'), 25, 30);
    click($('#buy'), 25, 30);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith('$rageclick', $('#buy'), { $click_count: 3 });
  });

  it('stays silent when the clicks are too slow or too far apart', () => {
    page('<button id="buy">Buy</button>');
    const emit = watch(watchRageClicks);
    for (let i = 0; i < 4; i++) {
      click($('#buy'));
      vi.advanceTimersByTime(600);
    }
    for (let i = 0; i < 4; i++) click($('#buy'), i * 40, 0);
    expect(emit).not.toHaveBeenCalled();
  });

  it('ignores text fields, steppers and selects, and anything inside sdk-no-capture', () => {
    page(`<input id="n" type="number"><input id="r" type="range"><input id="t" type="text"><textarea id="a"></textarea>
      <select id="s"><option>1</option></select><div data-sdk-no-capture><button id="hidden">x</button></div>`);
    const emit = watch(watchRageClicks);
    for (const id of ['#n', '#r', '#t', '#a', '#s', '#hidden']) for (let i = 0; i < 5; i++) click($(id));
    expect(emit).not.toHaveBeenCalled();
  });

  it('takes its thresholds from the options', () => {
    page('<button id="b">b</button>');
    const emit = watch(watchRageClicks, { rageClickCount: 5 });
    for (let i = 0; i < 4; i++) click($('#b'));
    expect(emit).not.toHaveBeenCalled();
    click($('#b'));
    expect(emit).toHaveBeenCalledWith('$rageclick', $('#b'), { $click_count: 5 });
  });
});

describe('dead clicks', () => {
  beforeEach(() => vi.useFakeTimers());

  it('fires 2.5 s after a click on a button when nothing changed', async () => {
    page('<div><button id="b"><span id="inner">Save</span></button></div>');
    const emit = watch(watchDeadClicks);
    click($('#inner'));
    await vi.advanceTimersByTimeAsync(2499);
    expect(emit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(emit).toHaveBeenCalledWith('$deadclick', $('#b'));
  });

  it('sends one dead click for a burst of clicks on the same element', async () => {
    page('<button id="b">b</button>');
    const emit = watch(watchDeadClicks);
    for (let i = 0; i < 4; i++) {
      click($('#b'));
      await vi.advanceTimersByTimeAsync(300);
    }
    await vi.advanceTimersByTimeAsync(2500);
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('does not take the focus moved by a later press of the user for a reaction to the earlier click', async () => {
    page('<button id="a">a</button><button id="b">b</button>');
    const emit = watch(watchDeadClicks);
    click($('#a'));
    await vi.advanceTimersByTimeAsync(1000);
    $('#b').dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    ($('#b') as HTMLButtonElement).focus();
    $('#b').dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    click($('#b'));
    await vi.advanceTimersByTimeAsync(2500);
    expect(emit.mock.calls.map((c) => c[1])).toEqual([$('#a'), $('#b')]);
  });

  it('counts [role=button] and cursor:pointer as clickable, not plain text', async () => {
    page('<div id="r" role="button">r</div><div id="p" style="cursor: pointer">p</div><p id="t">text</p>');
    const emit = watch(watchDeadClicks);
    click($('#r'));
    click($('#p'));
    click($('#t'));
    await vi.advanceTimersByTimeAsync(2500);
    expect(emit.mock.calls.map((c) => c[1])).toEqual([$('#r'), $('#p')]);
  });

  it('stays silent when the DOM changes, the page scrolls, the focus moves or the URL changes', async () => {
    page('<button id="b">b</button><input id="i">');
    const emit = watch(watchDeadClicks);
    const reactions = [
      () => document.body.append('added'),
      () => $('#b').setAttribute('aria-expanded', 'true'),
      () => dispatchEvent(new Event('scroll')),
      () => ($('#i') as HTMLInputElement).focus(),
      () => history.pushState(null, '', '/elsewhere'),
    ];
    for (const react of reactions) {
      click($('#b'));
      await vi.advanceTimersByTimeAsync(1000);
      react();
      await vi.advanceTimersByTimeAsync(2000);
    }
    history.replaceState(null, '', '/');
    expect(emit).not.toHaveBeenCalled();
  });

  it('stays silent on a double click that selects text: the second click starts no watch of its own', async () => {
    page('<div id="d" role="button">select these words</div>');
    const emit = watch(watchDeadClicks);
    $('#d').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    // The browser selects the word at the second press, so the second click finds the selection made.
    getSelection()?.selectAllChildren($('#d'));
    $('#d').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 2 }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(emit).not.toHaveBeenCalled();
    $('#d').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 2 }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(emit).not.toHaveBeenCalled();
  });

  it('never fires on links, labels and form fields', async () => {
    page('<a id="a" href="#x"><button id="in-link">go</button></a><label id="l" style="cursor:pointer">l</label><input id="c" type="checkbox">');
    const emit = watch(watchDeadClicks);
    for (const id of ['#a', '#in-link', '#l', '#c']) click($(id));
    await vi.advanceTimersByTimeAsync(3000);
    expect(emit).not.toHaveBeenCalled();
  });
});

describe('error clicks', () => {
  beforeEach(() => vi.useFakeTimers());

  it('fires on an uncaught error within 2 s of a click, once per click', () => {
    page('<button id="b">b</button>');
    const emit = watch(watchErrorClicks);
    click($('#b'));
    vi.advanceTimersByTime(1500);
    dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new TypeError('x is undefined') }));
    dispatchEvent(new ErrorEvent('error', { message: 'again' }));
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith('$errorclick', $('#b'), { $error_type: 'error', $error_message: 'TypeError: x is undefined' });
  });

  it('fires on an unhandled rejection, and not on an error 2 s after the click', () => {
    page('<button id="b">b</button>');
    const emit = watch(watchErrorClicks);
    click($('#b'));
    vi.advanceTimersByTime(2001);
    dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    expect(emit).not.toHaveBeenCalled();
    click($('#b'));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = 'no network';
    dispatchEvent(rejection);
    expect(emit).toHaveBeenCalledWith('$errorclick', $('#b'), { $error_type: 'unhandledrejection', $error_message: 'no network' });
  });
});

describe('erratic cursor', () => {
  beforeEach(() => vi.useFakeTimers());

  /** Moves the mouse left and right, 20 px each way, every `every` ms, reversing `reversals` times. */
  function shake(reversals: number, every: number): void {
    for (let i = 0; i <= reversals + 1; i++) {
      move(i % 2 ? 100 : 120, 50);
      vi.advanceTimersByTime(every);
    }
  }

  it('fires after 20 direction changes within 2 s', () => {
    const emit = watch(watchErraticCursor);
    shake(20, 50);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith('$erratic_cursor', document.body, { $direction_changes: 20 });
  });

  it('stays silent on slow reversals, straight moves and jitter under 4 px', () => {
    const emit = watch(watchErraticCursor);
    shake(30, 150);
    for (let x = 0; x < 500; x += 10) move(x, x);
    for (let i = 0; i < 50; i++) move(500 + (i % 2) * 3, 500);
    expect(emit).not.toHaveBeenCalled();
  });
});

describe('the frustration plugin', () => {
  it('sends $rageclick with the element description, never a field value', async () => {
    page('<main data-testid="checkout"><button class="btn primary" aria-label="Pay now">Pay <input value="secret-4242"> now</button></main>');
    const client = startClient().use(frustration());
    for (let i = 0; i < 3; i++) click($('button'));
    await client.flush();
    const [event] = delivered().filter((e) => e.event_name === '$rageclick');
    expect(event?.str_properties).toMatchObject({
      $el_tag: 'button',
      $el_classes: 'btn primary',
      $el_text: 'Pay now',
      $el_selector: 'button[aria-label="Pay now"]',
    });
    expect(event?.num_properties?.$click_count).toBe(3);
    expect(JSON.stringify(delivered())).not.toContain('secret-4242');
  });

  it('does nothing with frustration: false, and reads thresholds from the frustration option', async () => {
    page('<button id="b">b</button>');
    const off = startClient({ frustration: false }).use(frustration());
    for (let i = 0; i < 5; i++) click($('#b'));
    await off.flush();
    off.destroy();
    const tuned = startClient({ frustration: { rageClickCount: 4 } }).use(frustration());
    for (let i = 0; i < 3; i++) click($('#b'));
    await tuned.flush();
    expect(delivered().filter((e) => e.event_name === '$rageclick')).toEqual([]);
    click($('#b'));
    await tuned.flush();
    expect(delivered().filter((e) => e.event_name === '$rageclick')).toHaveLength(1);
  });
});
