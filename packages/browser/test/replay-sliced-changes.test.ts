// @vitest-environment jsdom
import { EventType, Replayer, record } from 'rrweb';
import type { eventWithTime, recordOptions as RecordOptions } from 'rrweb';
import { describe, expect, it, vi } from 'vitest';
import { NO_CAPTURE } from '../src/dom/no-capture.js';
import { REPLAY_DEFAULTS } from '../src/plugins/replay/options.js';
import { recordOptions } from '../src/plugins/replay/record-options.js';
import type { SlicedRecordOptions } from '../src/plugins/replay/sliced-snapshot.js';
import { pageTask } from '../src/plugins/replay/time-slice.js';
import { inSnapshotOrder } from '../src/plugins/replay/snapshot-order.js';
import { FIXTURE, attachShadow } from './replay-fixture.js';

/** mulberry32: the same changes for the same seed, run after run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One random change of the page per call: nodes added, removed, moved, their text and attributes changed, typing. */
function pageChanges(random: () => number): () => void {
  let counter = 0;
  const byId = (id: string): HTMLElement => document.getElementById(id)!;
  const pick = <T>(items: ArrayLike<T>): T | undefined => items[Math.floor(random() * items.length)];
  const item = (): Element | undefined => pick(byId('list').children);
  const element = (tag: string, text: string): HTMLElement => Object.assign(document.createElement(tag), { textContent: text });
  const shadow = (): ShadowRoot => byId('host').shadowRoot!;
  const changes = [
    () => byId('list').append(element('li', `added ${counter++}`)),
    () => item()?.remove(),
    () => {
      const [a, b] = [item(), item()];
      if (a && b && a !== b) byId('list').insertBefore(a, b);
    },
    () => {
      const a = item();
      if (a) byId('title').append(a);
    },
    () => {
      const a = item();
      if (a) a.textContent = `text ${counter++}`;
    },
    () => {
      const text = item()?.firstChild;
      if (text instanceof Text) text.data += '!';
    },
    () => item()?.setAttribute('data-state', String(counter++)),
    () => {
      const li = document.createElement('li');
      li.innerHTML = `<b>bold ${counter}</b> and <i>italic ${counter++}</i>`;
      item()?.before(li);
    },
    () => {
      const input = byId('typed') as HTMLInputElement;
      input.value = `typed ${counter++}`;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    () => shadow().append(element('span', `shadow ${counter++}`)),
    () => pick(shadow().children)?.remove(),
  ];
  return () => pick(changes)!();
}

/**
 * What a person sees of `root` (the live body or the replayed one), as comparable text: elements with their
 * `data-state`, text, shadow roots; a blocked element as an empty box; form fields by their value's length, and
 * with `masked`, a value that is all asterisks. Scripts and comments are not recorded (slimDOM), so not compared.
 */
function seen(root: Element, masked: boolean): string {
  // nodeType and tagName, not instanceof: the replayed body belongs to the iframe's window.
  const field = (el: HTMLInputElement | HTMLTextAreaElement): string => {
    if (masked && !/^\**$/.test(el.value)) return `UNMASKED(${el.value})`;
    return `=${el.value.length}`;
  };
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify((node as Text).data);
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (tag === 'script') return '';
    if (el.classList.contains('sdk-no-capture')) return `<${tag} blocked>`;
    if (tag === 'input' || tag === 'textarea') return `<${tag}${field(el as HTMLInputElement)}>`;
    const state = el.getAttribute('data-state');
    const shadowRoot = el.shadowRoot ? `#shadow(${Array.from(el.shadowRoot.childNodes, walk).join('')})` : '';
    return `<${tag}${state ? ` ${state}` : ''}>${Array.from(el.childNodes, walk).join('')}${shadowRoot}</${tag}>`;
  };
  return walk(root);
}

/** The recording played to its end with rrweb's Replayer, in an iframe of the page: its body. */
function replayed(events: eventWithTime[]): Element {
  const root = document.createElement('div');
  document.body.append(root);
  // jsdom's iframe has no `sandbox` token list, which the Replayer checks before rebuilding; nothing runs scripts here.
  const replayer = new Replayer(events, { root, UNSAFE_replayCanvas: true, mouseTail: false, showWarning: false });
  const frame = root.querySelector('iframe')!;
  frame.contentWindow!.scrollTo = () => undefined;
  replayer.pause(events.at(-1)!.timestamp - events[0]!.timestamp + 1);
  return frame.contentDocument!.body;
}

/** Records the page with the rrweb we ship, `sliceBudgetMs` per slice, its events in the recorder's order. */
function recordSliced(sliceBudgetMs: number): { events: eventWithTime[]; stop: () => void } {
  const events: eventWithTime[] = [];
  const options: RecordOptions<eventWithTime> & SlicedRecordOptions = {
    ...recordOptions(REPLAY_DEFAULTS, NO_CAPTURE),
    emit: inSnapshotOrder((event) => void events.push(event)),
    sliceBudgetMs,
  };
  const stop = record(options);
  return { events, stop: () => stop?.() };
}
const snapshotTaken = (events: eventWithTime[]): boolean => events.some((e) => e.type === EventType.FullSnapshot);

describe('changes of the page while the full snapshot is taken in slices', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'replay to the page as it is (seed %i): nodes added, removed, moved, text, attributes, typing, a shadow root',
    async (seed) => {
      document.documentElement.innerHTML = FIXTURE;
      attachShadow(document.getElementById('host'));
      const { events, stop } = recordSliced(0);
      const change = pageChanges(seeded(seed));
      let during = 0;
      while (!snapshotTaken(events)) {
        change();
        during += 1;
        await pageTask();
      }
      for (let i = 0; i < 20; i++) {
        change();
        await pageTask();
      }
      stop();
      const live = seen(document.body, false);

      expect(during).toBeGreaterThan(100);
      expect(seen(replayed(events), true)).toBe(live);
    },
  );

  it('follows a shadow root met in the first slice, which ran inside record()', async () => {
    document.documentElement.innerHTML = FIXTURE;
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.append(...Array.from({ length: 600 }, (_, i) => Object.assign(document.createElement('i'), { textContent: `in the shadow ${i}` })));
    // A clock that moves 1 ms each time it is read: the slicer reads it once per node, so a slice of 100 ms is about
    // 100 nodes, and the first one reaches the shadow root (about the 60th node), not the end of its 600 children.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => ++clock);
    const { events, stop } = recordSliced(100);
    expect(snapshotTaken(events)).toBe(false);
    let counter = 0;
    while (!snapshotTaken(events)) {
      // Before a child that is not serialised yet, and one that is gone.
      shadow.insertBefore(Object.assign(document.createElement('b'), { textContent: `during ${counter++}` }), shadow.lastChild);
      shadow.firstChild?.remove();
      await pageTask();
    }
    now.mockRestore();
    stop();
    expect(counter).toBeGreaterThan(1);
    const live = seen(document.body, false);
    expect(seen(replayed(events), true)).toBe(live);
  });
});
