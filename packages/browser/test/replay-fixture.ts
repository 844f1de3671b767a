/**
 * The page the sliced-snapshot tests record: nested elements and text, every kind of form field with a secret
 * value, a blocked subtree, whitespace in the head, a style sheet, a comment, a script, a list long enough for many
 * slices, and a host for a shadow root.
 */
export const FIXTURE = `<head>
    <title>fixture</title>
    <meta name="description" content="dropped by slimDOM">
    <style>p { color: rgb(1, 2, 3); } .wide { width: 10px; }</style>
    <script>window.notRecorded = true;</script>
  </head>
  <body>
    <h1 id="title">visible text <em>nested <b>deep</b></em></h1>
    <p class="wide">text  with   spaces</p>
    <!-- a comment -->
    <form>
      <input id="typed" type="text" value="typed-secret">
      <input type="hidden" value="csrf-secret">
      <input type="password" value="password-secret">
      <textarea>textarea-secret</textarea>
      <select><option>one</option><option selected>two</option></select>
    </form>
    <div class="sdk-no-capture"><p>blocked text</p></div>
    <div id="host"></div>
    <ul id="list">${Array.from({ length: 120 }, (_, i) => `<li data-i="${i}">item ${i}</li>`).join('\n')}</ul>
  </body>`;

/** Gives `host` an open shadow root with its own content. */
export function attachShadow(host: Element | null): void {
  const root = host?.attachShadow({ mode: 'open' });
  if (root) root.innerHTML = '<span>shadow text</span><i>more shadow</i>';
}

/** A node of rrweb's serialized tree, as the tests compare it. */
export interface SerializedTree {
  id: number;
  rootId?: number;
  childNodes?: SerializedTree[];
  [field: string]: unknown;
}

/**
 * `tree` with its ids counted from 1 at the document, so that two snapshots compare whatever rrweb's id counter
 * (one per copy of rrweb, never reset) stood at; the order ids were given in stays as it was. `rootId` is left out
 * where it names the document: rrweb writes it on every node except in a page's first snapshot (when the
 * document's id is 1), which says which snapshot of the page this is, not how it was taken.
 */
export function normalised(tree: SerializedTree): SerializedTree {
  const from = (id: number): number => id - tree.id + 1;
  const copy = (node: SerializedTree): SerializedTree => {
    const { id, rootId, childNodes, ...fields } = node;
    return {
      ...fields,
      id: from(id),
      ...(rootId !== undefined && rootId !== tree.id ? { rootId: from(rootId) } : {}),
      ...(childNodes ? { childNodes: childNodes.map(copy) } : {}),
    };
  };
  return copy(tree);
}
