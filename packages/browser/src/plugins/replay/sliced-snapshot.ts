import { SLICE_MS, pageTask } from './time-slice.js';

/**
 * The full snapshot in time slices (docs/replay.md, "Cost control"). rrweb 2.2.2 serialises the document in one
 * synchronous recursion; the build patches it (rollup/rrweb-sliced-snapshot.mjs) so that, given a `deferChild`
 * hook in its options, rrweb's `serializeNodeWithId` serialises one node and hands each of its children to the
 * hook instead of recursing. This module works the deferred children: in rrweb's own order (depth first, so ids
 * are the ones the synchronous snapshot gives), each with rrweb's own options for it, under a time budget per slice,
 * yielding to the page between slices. Every rule of what is serialised and how stays rrweb's.
 *
 * Between slices it waits for a `pageTask()`, behind every task the page queued meanwhile, not for
 * `scheduler.yield()`: that continuation runs ahead of the page's own tasks, so the page's timers and network
 * callbacks did not run at all during a second of slices in Chromium (docs/decisions.md).
 */

/** A node as rrweb serialises it, as far as the slicer touches it. */
export interface SerializedNode {
  isShadow?: boolean;
}

/** The options rrweb serialises a child with (its `bypassOptions`, which carry the `deferChild` hook on). */
export type ChildOptions = object;

/** The hook rrweb's patched `serializeNodeWithId` calls for each child, in order, instead of recursing. */
export type DeferChild = (child: Node, options: ChildOptions, siblings: (SerializedNode | null)[], isShadow: boolean) => void;

/** What the patched rrweb gives the slicer: its own serialiser and what it knows of the page's changes. */
export interface SliceSource<T extends SerializedNode> {
  /** rrweb's `snapshot(document, ...)` of the root with the hook on: the root serialised, its children deferred. */
  root(deferChild: DeferChild): T | null;
  /** rrweb's `serializeNodeWithId`. */
  serialize(node: Node, options: ChildOptions): T | null;
  /**
   * True when one of rrweb's (locked) mutation buffers holds the node as added or moved: it was removed or
   * inserted since its parent was serialised, and rrweb will emit it as an add after the snapshot.
   */
  awaitsAdd(node: Node): boolean;
}

/** A snapshot still being taken; `cancel` stops it for good (nothing more is serialised or reported). */
export interface SlicedSnapshot {
  cancel(): void;
}

/** What the patch adds to the options of rrweb's `record`. */
export interface SlicedRecordOptions {
  /**
   * Time one slice of the full snapshot may take, ms.
   * @default SLICE_MS (8)
   */
  sliceBudgetMs?: number;
}

/** A child waiting for its turn, and the slot kept for it among its siblings. */
interface Deferred {
  node: Node;
  /** Its parent when it was deferred: a child that has left it by its turn is the mutation buffer's business. */
  parent: ParentNode | null;
  options: ChildOptions;
  siblings: (SerializedNode | null)[];
  slot: number;
  isShadow: boolean;
}

/** Drops the empty slots of `siblings` (children skipped, or that rrweb serialised to nothing), keeping the order. */
function compact(siblings: (SerializedNode | null)[]): void {
  let kept = 0;
  for (const node of siblings) if (node) siblings[kept++] = node;
  siblings.length = kept;
}

/**
 * Serialises the document through `source`, `budgetMs` per slice, and calls `done` with the tree (or null when
 * rrweb could not serialise the root, or a slice threw). The first slice runs now: when the whole document fits
 * in it, `done` is called before this returns, and the result is undefined. Otherwise the rest runs in later
 * tasks, and the result cancels it.
 *
 * A deferred child that is no longer a child of the same parent at its turn, or that rrweb's mutation buffer
 * holds as added or moved, is skipped: rrweb ignores the removal of a node it has not serialised, and emits the
 * node where it now is when the buffers unlock after the snapshot, so the snapshot and the mutations agree.
 */
export function sliceSnapshot<T extends SerializedNode>(
  source: SliceSource<T>,
  done: (tree: T | null) => void,
  budgetMs: number = SLICE_MS,
): SlicedSnapshot | undefined {
  const stack: Deferred[] = [];
  let children: Deferred[] = [];
  /** Every list of siblings with a slot reserved, to drop the slots left empty at the end. */
  const lists = new Set<(SerializedNode | null)[]>();
  const deferChild: DeferChild = (node, options, siblings, isShadow) => {
    children.push({ node, parent: node.parentNode, options, siblings, slot: siblings.push(null) - 1, isShadow });
    lists.add(siblings);
  };
  /** The children the last serialised node deferred go on top of the stack, first child on top: depth first, in order. */
  const descend = (): void => {
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Deferred);
    children = [];
  };
  /** One slice: true when the document is done. Checks the clock at every node (about 50 ns against a node's microseconds). */
  const slice = (): boolean => {
    const deadline = performance.now() + budgetMs;
    for (let item = stack.pop(); item; item = stack.pop()) {
      if (item.node.parentNode === item.parent && !source.awaitsAdd(item.node)) {
        const serialized = source.serialize(item.node, item.options);
        if (serialized) {
          if (item.isShadow) serialized.isShadow = true;
          item.siblings[item.slot] = serialized;
        }
        descend();
      }
      if (stack.length && performance.now() >= deadline) return false;
    }
    return true;
  };

  const tree = source.root(deferChild);
  descend();
  let cancelled = false;
  const finish = (): void => {
    lists.forEach(compact);
    done(tree);
  };
  if (!tree) return void done(null);
  if (slice()) return void finish();
  const next = (): void => {
    if (cancelled) return;
    let complete: boolean;
    try {
      complete = slice();
    } catch (error) {
      // rrweb's synchronous snapshot would have thrown inside record(), which reports it and carries on.
      console.warn(error);
      cancelled = true;
      return done(null);
    }
    if (complete) finish();
    else void pageTask().then(next);
  };
  void pageTask().then(next);
  return {
    cancel() {
      cancelled = true;
      stack.length = 0;
    },
  };
}
