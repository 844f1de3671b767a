// The build-time patch of rrweb 2.2.2 (node_modules/rrweb/dist/rrweb.js) that takes the full snapshot in time
// slices (docs/replay.md, "Cost control"; docs/decisions.md). Used by every build that bundles rrweb's `record` and by
// the unit tests (vitest.config.ts), so that tests run the rrweb we ship. Each edit names the text it expects; a text
// found other than the expected number of times fails the build, so an rrweb upgrade cannot drop the slicing unnoticed.
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';

const RRWEB = /[\\/]rrweb[\\/]dist[\\/]rrweb\.js(\?.*)?$/;
const SLICER = fileURLToPath(new URL('../packages/browser/src/plugins/replay/sliced-snapshot.ts', import.meta.url));

/** Unlocks what a sliced snapshot locked, without emitting (it is cancelled: by a new snapshot, or by stop()). */
const CANCEL = `const __nsCancel = () => {
		if (!__nsSnapshot) return;
		__nsSnapshot.cancel();
		__nsSnapshot = void 0;
		canvasManager.unlock();
		mutationBuffers.forEach((buf) => { buf.locked = false; });
	};
	`;
/** A node rrweb's buffers will emit as added after the snapshot: the slicer skips it. */
const AWAITS_ADD = `(n) => {
			for (const buf of mutationBuffers) if (buf.addedSet.has(n) || buf.movedSet.has(n)) return true;
			return false;
		}`;
const defer = (isShadow) => ` if (options.deferChild) { options.deferChild(childN, bypassOptions, serializedNode.childNodes, ${isShadow}); continue; }`;

/**
 * [rrweb's text, its replacement, how many times rrweb has the text (1 unless said)]: `$&` is the text found.
 * Whitespace in the text matches any run of whitespace.
 */
const EDITS = [
  // serializeNodeWithId: with a deferChild hook, its two loops over the children (light DOM, then the shadow root)
  // hand each child to the hook, which keeps its slot, instead of recursing; the children's options carry the hook.
  ['for (const childN of Array.from(src_default$2.childNodes(n))) {', `$&${defer('false')}`],
  ['for (const childN of Array.from(src_default$2.childNodes(shadowRootEl))) {', `$&${defer('isNativeShadowDom(shadowRootEl)')}`],
  ['keepIframeSrcFn, cssCaptured: false };', 'keepIframeSrcFn, cssCaptured: false, deferChild: options.deferChild };'],
  // snapshot() passes the hook on to the root's serialisation.
  ['keepIframeSrcFn, newlyAddedElement: false });', 'keepIframeSrcFn, newlyAddedElement: false, deferChild: options?.deferChild });'],
  // The snapshot under way. A mutation buffer made meanwhile (the document's, when record() starts observing after
  // the first slice; a shadow root's or an iframe's met in a slice) starts locked, like those that existed.
  ['var takeFullSnapshot$1;', '$&\nvar __nsSnapshot;'],
  ['mutationBuffer.init(options);', '$& if (__nsSnapshot) mutationBuffer.lock();'],
  // takeFullSnapshot: a new snapshot cancels the one under way; the serialisation goes to the slicer, and what
  // followed it (the FullSnapshot event, unlocking, adopted style sheets) runs when the slicer is done. The snapshot
  // counts as under way from before the first slice, so that the buffers of shadow roots met in it start locked.
  ['takeFullSnapshot$1 = (isCheckout = false) => { if (!recordDOM) return;', `${CANCEL}$& __nsCancel();`],
  [
    'const node = snapshot(document, {',
    '__nsSnapshot = { cancel() {} }; __nsSnapshot = __nsSliceSnapshot({ root: (deferChild) => snapshot(document, { deferChild,',
  ],
  [
    'keepIframeSrcFn }); if (!node) return console.warn("Failed to snapshot the document");',
    `keepIframeSrcFn }), serialize: serializeNodeWithId, awaitsAdd: ${AWAITS_ADD} }, (node) => { __nsSnapshot = void 0; if (!node) return console.warn("Failed to snapshot the document");`,
  ],
  [
    'stylesheetManager.adoptStyleSheets(document.adoptedStyleSheets, mirror.getId(document)); };',
    'stylesheetManager.adoptStyleSheets(document.adoptedStyleSheets, mirror.getId(document)); }, options.sliceBudgetMs); };',
  ],
  // stop() cancels a snapshot under way first.
  ['[...handlers, ...iframeObservers.values()].forEach((handler) => {', '__nsCancel(); $&'],
  // rrweb checks `querySelector` and `querySelectorAll` as getters, which they are not, so it always takes Element's
  // prototype from a new iframe, appended to the page and removed: about 12 ms for each of its three copies of the
  // check, in the first task of the snapshot. They are methods (rrweb-io/rrweb#1802, open).
  ['Element: [ "shadowRoot", "querySelector", "querySelectorAll" ],', 'Element: ["shadowRoot"],', 3],
  ['ShadowRoot: ["getSelection"], Element: [],', 'ShadowRoot: ["getSelection"], Element: ["querySelector", "querySelectorAll"],', 3],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` as a pattern: each run of whitespace matches any run (or none between punctuation), the rest literally. */
const pattern = (text) => new RegExp(text.split(/\s+/).map(escape).join('\\s*'), 'g');

/**
 * Applies the edits to rrweb's ESM file, and imports the slicer into it. Throws when a text is not found as many
 * times as expected: the patch is written against rrweb 2.2.2, and must be checked again for another version.
 */
export function patchRrweb(code) {
  const s = new MagicString(code);
  for (const [text, replacement, times = 1] of EDITS) {
    const found = [...code.matchAll(pattern(text))];
    if (found.length !== times) throw new Error(`rrweb-sliced-snapshot: expected rrweb's text ${times} time(s), found it ${found.length}: ${text}`);
    for (const match of found) s.overwrite(match.index, match.index + match[0].length, replacement.replaceAll('$&', match[0]));
  }
  s.prepend(`import { sliceSnapshot as __nsSliceSnapshot } from ${JSON.stringify(SLICER)};\n`);
  return s;
}

/** The Rollup (and Vite) plugin: rrweb's ESM file, patched. */
export function rrwebSlicedSnapshot() {
  return {
    name: 'northstar-rrweb-sliced-snapshot',
    transform(code, id) {
      if (!RRWEB.test(id)) return null;
      const s = patchRrweb(code);
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}
