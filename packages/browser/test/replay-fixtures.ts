import type { ReplayChunk } from '../src/plugins/replay/send-chunk.js';

/** Strings that JSON escapes, or that UTF-8 and UTF-16 split: each must come out of every encoding unchanged. */
export const ODD_STRINGS = [
  'plain',
  '',
  'quote " and backslash \\ and slash /',
  'controls \u0000 \u0001 \b \f \n \r \t \u001f \u007f',
  'line separators \u2028 \u2029',
  'é ß 中文 ελληνικά עברית',
  'emoji 👩🏽‍💻 🏳️‍🌈',
  'lone surrogates \ud800 x \udfff y \udbff',
  '</script><!-- -->',
  'a'.repeat(5000),
];

/** rrweb's node types. */
const DOCUMENT = 0;
const ELEMENT = 2;
const TEXT = 3;

/**
 * An rrweb FullSnapshot event of a page holding a table of `rows` rows of four cells (a row is 9 nodes: the row, four
 * cells, four texts), in the shape rrweb serialises nodes: `{ type, tagName, attributes, childNodes, id }`, texts
 * `{ type, textContent, id }`, with ODD_STRINGS in texts and attributes and fields JSON.stringify leaves out.
 */
export function fullSnapshot(rows: number): { type: 2; timestamp: number; data: unknown } {
  let id = 0;
  const text = (textContent: string) => ({ type: TEXT, textContent, id: ++id });
  const element = (tagName: string, attributes: Record<string, unknown>, childNodes: unknown[]) => ({
    type: ELEMENT,
    tagName,
    attributes,
    childNodes,
    id: ++id,
    // JSON.stringify leaves these out, in objects, and rrweb leaves some undefined.
    isSVG: undefined,
    rootId: undefined,
  });
  const odd = (i: number) => ODD_STRINGS[i % ODD_STRINGS.length] as string;
  const tableRows = Array.from({ length: rows }, (_, i) =>
    element('tr', { 'data-row': i, class: i % 2 ? 'odd' : 'even' }, [
      element('td', {}, [text(String(i))]),
      element('td', { title: odd(i) }, [text(odd(i + 1))]),
      element('td', { style: 'color: red' }, [text(`${(i * 7) % 1000}`)]),
      element('td', { href: `#r${i}` }, [text(odd(i + 2))]),
    ]),
  );
  const head = element('head', {}, [element('style', { _cssText: 'td { padding: 2px 6px; } td::after { content: "\\201C"; }' }, [])]);
  const body = element('body', {}, [element('table', {}, [element('tbody', {}, tableRows)])]);
  const html = element('html', { lang: 'en' }, [head, body]);
  return {
    type: 2,
    timestamp: 1_714_557_600_000,
    data: {
      node: { type: DOCUMENT, childNodes: [{ type: 1, name: 'html', publicId: '', systemId: '', id: ++id }, html], compatMode: 'CSS1Compat', id: ++id },
      initialOffset: { left: 0, top: 0 },
    },
  };
}

/** A chunk as the recorder makes it: a Meta event, the full snapshot of a table of `rows` rows, a few incremental events. */
export function chunkOf(rows: number, seq = 0): ReplayChunk {
  const events = [
    { type: 4, timestamp: 1_714_557_600_000, data: { href: 'https://example.com/?q="x"&é', width: 1280, height: 800 } },
    fullSnapshot(rows),
    { type: 3, timestamp: 1_714_557_600_050, data: { source: 1, positions: [{ x: 1, y: 2, id: 5, timeOffset: -10 }] } },
    { type: 3, timestamp: 1_714_557_600_060, data: { source: 0, texts: [{ id: 7, value: ODD_STRINGS[6] }], attributes: [], removes: [], adds: [] } },
  ];
  return { session_id: 'session-1', seq, device_id: 'device-1', user_id: undefined, events } as unknown as ReplayChunk;
}
